/**
 * The orders table's state in the URL (001 §9 "page size default 10, current page 1; sort and
 * filter are server-side"): defaults left out, every other state round-trips, malformed values
 * fall back, and the API query is what the server's own parser accepts.
 */
import { describe, expect, it } from 'vitest';
import { apiQuery, DEFAULT_STATE, pageCount, readState, sortedBy, writeState, type OrdersState } from '../../../../src/features/orders/url-state';
import { fromForm, toForm, FilterFormSchema, RANGE_MESSAGE } from '../../../../src/features/orders/components/OrderFiltersForm';
import { MSG, OrdersQuerySchema, parseOrderFilters } from '../../../../src/model';

const q = (s: string) => new URLSearchParams(s);

describe('readState / writeState', () => {
  it('reads /orders as page 1 of 10 by ID descending, and writes it back as no parameters', () => {
    expect(readState(q(''))).toEqual(DEFAULT_STATE);
    expect(DEFAULT_STATE).toMatchObject({ page: 1, limit: 10, sort: 'ID', order: 'desc' });
    expect(writeState(DEFAULT_STATE).toString()).toBe('');
  });

  it('round-trips a page, a size, a sort and filters', () => {
    const s: OrdersState = {
      page: 42,
      limit: 25,
      sort: 'campaign_id',
      order: 'asc',
      filters: { campaign_id: 12001, is_done: false, payment_method: 'visa', from: '2025-01-01', to: '2025-01-31' },
    };
    const url = writeState(s).toString();
    expect(url).toBe('page=42&limit=25&sort=campaign_id&order=asc&payment_method=visa&campaign_id=12001&is_done=false&from=2025-01-01&to=2025-01-31');
    expect(readState(q(url))).toEqual(s);
  });

  it('falls back per value on what is malformed, keeping the rest', () => {
    expect(readState(q('page=0&limit=7&sort=password&order=sideways&campaign_id=abc&aff_id=1007'))).toEqual({ ...DEFAULT_STATE, filters: { aff_id: '1007' } });
    expect(readState(q('page=2.5')).page).toBe(1);
    expect(readState(q('page=-3')).page).toBe(1);
  });

  it('gives a sort column without an order its first order', () => {
    expect(readState(q('sort=ip'))).toMatchObject({ sort: 'ip', order: 'asc' });
    expect(readState(q('sort=CreatedAt'))).toMatchObject({ sort: 'CreatedAt', order: 'desc' });
  });
});

describe('sortedBy', () => {
  it('turns the direction of the sort column, starts another column at its first order, and goes to page 1', () => {
    const at7 = { ...DEFAULT_STATE, page: 7 };
    expect(sortedBy(at7, 'ID')).toMatchObject({ sort: 'ID', order: 'asc', page: 1 });
    expect(sortedBy(at7, 'ip')).toMatchObject({ sort: 'ip', order: 'asc', page: 1 });
    expect(sortedBy({ ...at7, sort: 'ip', order: 'asc' }, 'ip')).toMatchObject({ order: 'desc' });
    expect(sortedBy(at7, 'CreatedAt')).toMatchObject({ sort: 'CreatedAt', order: 'desc' });
  });
});

describe('apiQuery', () => {
  it('is the 001 §7 query the server accepts, filters as its JSON object, a `to` day up to its end', () => {
    const s: OrdersState = { page: 3, limit: 10, sort: 'aff_id', order: 'asc', filters: { aff_id: '1007', is_scrub: true, to: '2025-02-01' } };
    const p = q(apiQuery(s));
    expect(OrdersQuerySchema.parse(Object.fromEntries(p))).toMatchObject({ page: 3, limit: 10, sort: 'aff_id', order: 'asc' });
    expect(parseOrderFilters(p.get('filters') ?? undefined)).toEqual({ aff_id: '1007', is_scrub: true, to: '2025-02-01T23:59:59.999Z' });
    expect(q(apiQuery(DEFAULT_STATE)).has('filters')).toBe(false);
  });
});

describe('pageCount', () => {
  it('is the pages of the total at the page size, at least 1', () => {
    expect(pageCount(50_000, 10)).toBe(5000);
    expect(pageCount(1_000_001, 10)).toBe(100_001);
    expect(pageCount(0, 10)).toBe(1);
  });
});

describe('the filter form', () => {
  const blank = toForm({});
  it('refuses an id that is not digits with the seed message, and From after To', () => {
    const r = FilterFormSchema.safeParse({ ...blank, campaign_id: '12a', from: '2025-03-02', to: '2025-03-01' });
    expect(r.success).toBe(false);
    const msgs = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(msgs).toContainEqual(['campaign_id', MSG.onlyNumbers]);
  });
  it('refuses From after To once the fields are valid', () => {
    const r = FilterFormSchema.safeParse({ ...blank, from: '2025-03-02', to: '2025-03-01' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', RANGE_MESSAGE]]);
  });
  it('gives only the fields set, typed by the model', () => {
    const v = FilterFormSchema.parse({ ...blank, campaign_id: ' 12001 ', is_done: 'true', ip: '10.0.0.1' });
    expect(fromForm(v)).toEqual({ campaign_id: 12001, is_done: true, ip: '10.0.0.1' });
    expect(toForm({ campaign_id: 12001, is_done: true })).toMatchObject({ campaign_id: '12001', is_done: 'true', ip: '' });
  });
});
