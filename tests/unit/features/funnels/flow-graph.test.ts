/**
 * What each gesture of the flow diagram changes (001 §4 "connecting a node's main handle sets
 * the next page; the second handle … sets the skip page; dropping an edge loose clears it;
 * reconnecting swaps").
 */
import { describe, expect, it } from 'vitest';
import {
  connectChanges,
  describeChanges,
  disconnectChanges,
  flowLinks,
  hasSkipHandle,
  linkLabel,
  reconnectChanges,
  type FlowPage,
} from '../../../../src/features/funnels/flow-graph';

const page = (
  ID: number,
  page_type: FlowPage['page_type'],
  page_id: number | null = null,
  page_alt_id: number | null = null,
  split: FlowPage['split'] = [],
): FlowPage => ({ ID, name: `P${ID}`, page_type, page_path: `/p${ID}/`, page_id, page_alt_id, split });

const funnel = [page(1, 'presell', 2), page(2, 'checkout', 3), page(3, 'upsell1', 5, 4), page(4, 'upsell2', 5), page(5, 'thankyou')];

describe('flow links', () => {
  it('draws next and skip links to pages of the funnel only, labelling an upsell skip', () => {
    const links = flowLinks([...funnel, page(6, 'checkout', 99)]);
    expect(links.map((l) => [l.source, l.slot, l.target, l.label])).toEqual([
      [1, 'next', 2, undefined],
      [2, 'next', 3, undefined],
      [3, 'next', 5, undefined],
      [3, 'skip', 4, 'skip'],
      [4, 'next', 5, undefined],
    ]);
  });

  it('labels a split page with its conditions and shares', () => {
    const split = page(7, 'split', 1, 2, [
      { type: 'match', param: 'utm_source', value: 'fb' },
      { type: 'percent', param: '', value: '30' },
    ]);
    expect(linkLabel(split, 'skip')).toBe('utm_source = fb or 30%');
    expect(linkLabel(split, 'next')).toBe('70%');
    expect(linkLabel(page(8, 'split', 1, 2, [{ type: 'match', param: 'a', value: 'b' }]), 'next')).toBe('otherwise');
  });

  it('gives the second handle to split and upsell pages and to any page with a skip page', () => {
    expect(['split', 'upsell1', 'upsell2'].map((t) => hasSkipHandle({ page_type: t as FlowPage['page_type'], page_alt_id: null }))).toEqual([true, true, true]);
    expect(hasSkipHandle({ page_type: 'checkout', page_alt_id: null })).toBe(false);
    expect(hasSkipHandle({ page_type: 'checkout', page_alt_id: 3 })).toBe(true);
  });
});

describe('connecting', () => {
  it('sets the next page from the main handle and the skip page from the second', () => {
    expect(connectChanges(funnel, 2, 'next', 4)).toEqual([{ pageId: 2, slot: 'next', target: 4 }]);
    expect(connectChanges(funnel, 4, 'skip', 1)).toEqual([{ pageId: 4, slot: 'skip', target: 1 }]);
  });

  it('lets both links lead to one page, and refuses a link to itself or to no page', () => {
    expect(connectChanges(funnel, 3, 'next', 4)).toEqual([{ pageId: 3, slot: 'next', target: 4 }]);
    expect(connectChanges(funnel, 3, 'next', 3)).toEqual([]);
    expect(connectChanges(funnel, 3, 'next', 42)).toEqual([]);
    expect(connectChanges(funnel, 3, 'next', 5)).toEqual([]);
  });
});

describe('reconnecting', () => {
  it('moves the target end: the link points at the new page', () => {
    expect(reconnectChanges(funnel, { source: 1, slot: 'next', target: 2 }, { source: 1, slot: 'next', target: 3 })).toEqual([
      { pageId: 1, slot: 'next', target: 3 },
    ]);
  });

  it('swaps next and skip when the target end lands on the page the other link points at', () => {
    expect(reconnectChanges(funnel, { source: 3, slot: 'next', target: 5 }, { source: 3, slot: 'next', target: 4 })).toEqual([
      { pageId: 3, slot: 'next', target: 4 },
      { pageId: 3, slot: 'skip', target: 5 },
    ]);
  });

  it("swaps next and skip when the source end moves to the same page's other handle", () => {
    expect(reconnectChanges(funnel, { source: 3, slot: 'skip', target: 4 }, { source: 3, slot: 'next', target: 4 })).toEqual([
      { pageId: 3, slot: 'next', target: 4 },
      { pageId: 3, slot: 'skip', target: 5 },
    ]);
  });

  it('moves the source end to another page: the old link is cleared', () => {
    expect(reconnectChanges(funnel, { source: 1, slot: 'next', target: 2 }, { source: 5, slot: 'next', target: 2 })).toEqual([
      { pageId: 1, slot: 'next', target: null },
      { pageId: 5, slot: 'next', target: 2 },
    ]);
  });

  it('changes nothing when dropped where it was', () => {
    expect(reconnectChanges(funnel, { source: 1, slot: 'next', target: 2 }, { source: 1, slot: 'next', target: 2 })).toEqual([]);
  });
});

describe('clearing and labels', () => {
  it('clears dropped or deleted links', () => {
    expect(
      disconnectChanges([
        { source: 3, slot: 'skip' },
        { source: 1, slot: 'next' },
      ]),
    ).toEqual([
      { pageId: 3, slot: 'skip', target: null },
      { pageId: 1, slot: 'next', target: null },
    ]);
  });

  it('names the change as the undo menu and the audit log show it', () => {
    expect(describeChanges(funnel, [{ pageId: 2, slot: 'next', target: 4 }])).toBe('Set next page of P2 to P4');
    expect(describeChanges(funnel, [{ pageId: 3, slot: 'skip', target: null }])).toBe('Clear skip page of P3');
    expect(
      describeChanges(funnel, [
        { pageId: 3, slot: 'next', target: 4 },
        { pageId: 3, slot: 'skip', target: 5 },
      ]),
    ).toBe('Swap next and skip page of P3');
    expect(
      describeChanges(funnel, [
        { pageId: 1, slot: 'next', target: null },
        { pageId: 5, slot: 'next', target: 2 },
      ]),
    ).toBe('Clear next page of P1; Set next page of P5 to P2');
  });
});
