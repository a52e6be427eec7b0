import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FunnelFilters, Pager } from '../../../src/features/funnels/components/FunnelFilters';
import { FunnelTable } from '../../../src/features/funnels/components/FunnelTable';
import { FunnelsScreen } from '../../../src/features/funnels/screens/FunnelsScreen';
import { DEFAULT_LIST_STATE } from '../../../src/features/funnels/list-state';
import type { FunnelListItem } from '../../../src/model';
import * as fx from '../../../tests/fixtures/demo';
import { routeStory, screenHandlers } from '../../screens';

const BRANDS = ['GlowSkin', 'LumaHair', 'Vitalis', 'PureSleep'];
const PRODUCTS = ['Serum', 'Shampoo', 'Pillow', 'Gummies', 'Tea'];
const STATUSES = ['progress', 'qc', 'released'] as const;
/** 60 funnels with fixed ids 101–160: names, statuses, offers, locks and domains in turn. */
const ROWS: FunnelListItem[] = Array.from({ length: 60 }, (_, i) => {
  const offer = fx.offers[i % 2] ?? fx.offers[0];
  return {
    ...fx.funnelRow,
    ID: 101 + i,
    name: `${BRANDS[i % 4]} ${PRODUCTS[i % 5]} #${101 + i}`,
    publish_status: STATUSES[i % 3] ?? 'progress',
    locked: i % 7 === 0,
    offer: offer?.offer_id ?? 10234,
    offer_name: offer?.name ?? '',
    platform: offer?.platform ?? 'sticky',
    ef_offer_id: offer?.ef_offer_id ?? null,
    domain: i % 4 === 3 ? null : `shop-${101 + i}.com`,
  };
});

/** `GET /api/v1/funnels` as the server answers it: searched, filtered, sorted and paged, the total in X-Total-Count. */
const listHandler = http.get('/api/v1/funnels', ({ request }) => {
  const p = new URL(request.url).searchParams;
  const q = (p.get('q') ?? '').toLowerCase();
  const sort = p.get('sort') ?? 'id';
  const by = fx.FUNNEL_SORT_KEYS[sort.replace(/^-/, '')] ?? fx.FUNNEL_SORT_KEYS.id;
  const dir = sort.startsWith('-') ? -1 : 1;
  const rows = ROWS.filter(
    (f) =>
      (!q || [f.name, f.offer_name, f.domain ?? '', String(f.ID)].some((v) => v.toLowerCase().includes(q))) &&
      (!p.get('status') || f.publish_status === p.get('status')) &&
      (!p.get('platform') || f.platform === p.get('platform')) &&
      (!p.get('offer') || String(f.offer) === p.get('offer')) &&
      (!p.get('locked') || String(f.locked) === p.get('locked')) &&
      (!p.get('domain') || (p.get('domain') === 'none' ? f.domain === null : f.domain === p.get('domain'))),
  ).sort((a, b) => {
    const [x, y] = [by?.(a) ?? 0, by?.(b) ?? 0];
    return (x < y ? -1 : x > y ? 1 : a.ID - b.ID) * dir;
  });
  const per = Number(p.get('per_page') ?? rows.length);
  const page = Number(p.get('page') ?? 1);
  return HttpResponse.json(rows.slice((page - 1) * per, page * per), { headers: { 'X-Total-Count': String(rows.length) } });
});

/** The address bar of the story: the list's state is in it. */
function Address() {
  const l = useLocation();
  return <output aria-label="Address">{`${l.pathname}${l.search}`}</output>;
}

/**
 * The funnel list at scale: one page the server searched, filtered and sorted, with the filter
 * bar (`FunnelFilters`), sortable headers (`FunnelTable`, TanStack Table in manual mode) and the
 * pager (`Pager`); everything in the URL.
 */
const meta = preview.meta({
  title: 'Funnels/FunnelListPaged',
  component: FunnelFilters,
  subcomponents: { FunnelTable, Pager },
  args: { state: DEFAULT_LIST_STATE, offers: fx.offers, onChange: fn() },
});

/** The filter bar alone: Enter searches, a filter applies when picked, each back to page 1. */
export const FilterBar = meta.story({
  args: { state: { ...DEFAULT_LIST_STATE, page: 3 } },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Type a search and press Enter', async () => {
      await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'serum{Enter}');
      await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'serum', page: 1 }));
    });
    await step('Pick a platform', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Platform'), '29next');
      await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ platform: '29next', q: 'serum', page: 1 }));
    });
    await step('Every control is labelled', async () => {
      for (const label of ['Search', 'Status', 'Platform', 'Offer', 'Locked', 'Domain']) await expect(canvas.getByLabelText(label)).toBeVisible();
    });
  },
});

/** /funnels with 60 funnels: search, filter, sort and page as an operator does; the address follows. */
export const SearchFilterSortPage = meta.story({
  ...routeStory(
    '/funnels',
    <>
      <FunnelsScreen />
      <Address />
    </>,
    [listHandler, ...screenHandlers()],
  ),
  play: async ({ canvas, userEvent, step }) => {
    const table = await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
    const address = canvas.getByRole('status', { name: 'Address' });
    // The name column's links (the Edit links go to /details).
    const names = () => Array.from(table.querySelectorAll('a[href$="/pages"]'), (a) => a.textContent ?? '');
    // "Showing …" follows the address at once; the rows are marked busy (and dimmed) until the page arrives.
    const arrived = () => waitFor(() => expect(table.querySelector('tbody[aria-busy="true"]')).toBeNull());
    await step('The first page of 25 of 60', async () => {
      await expect(await canvas.findByText('Showing 1–25 of 60 funnels', {}, { timeout: 5000 })).toBeVisible();
    });
    await step('Search "pillow": only Pillow funnels, the search in the address', async () => {
      await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search' }, { timeout: 5000 }), 'pillow{Enter}');
      await expect(await canvas.findByText('Showing 1–12 of 12 funnels')).toBeVisible();
      await expect(names().every((n) => n.includes('Pillow'))).toBe(true);
      await expect(address).toHaveTextContent('/funnels?q=pillow');
    });
    await step('Filter status released', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Status'), 'released');
      await expect(await canvas.findByText('Showing 1–4 of 4 funnels')).toBeVisible();
      await expect(address).toHaveTextContent('q=pillow&status=released');
    });
    await step('Sort by name, then the other way', async () => {
      const header = () => within(table).getByRole('columnheader', { name: /Name/ });
      await userEvent.click(within(header()).getByRole('button'));
      await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
      // The header says the order asked for at once; the rows follow when the page arrives.
      await waitFor(() => expect(names()).toEqual([...names()].sort()));
      const asc = names();
      await userEvent.click(within(header()).getByRole('button'));
      await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
      await waitFor(() => expect(names()).toEqual([...asc].reverse()));
      await expect(address).toHaveTextContent('sort=-name');
    });
    await step('Clear filters, then page on', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
      await expect(await canvas.findByText('Showing 1–25 of 60 funnels')).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(await canvas.findByText('Showing 26–50 of 60 funnels')).toBeVisible();
      await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
      await expect(address).toHaveTextContent('page=2');
      await arrived();
      await expect(names()).toHaveLength(25);
    });
  },
});

/** A search nothing matches says so, with Clear filters right under it. */
export const NoMatch = meta.story({
  ...routeStory('/funnels', <FunnelsScreen />, [listHandler, ...screenHandlers()], '/funnels?q=nothing-like-this'),
  play: async ({ canvas, userEvent, step }) => {
    await step('The empty list says nothing matches', async () => {
      await expect(await canvas.findByText('No funnels match this search and these filters', {}, { timeout: 5000 })).toBeVisible();
    });
    await step('Clear filters shows the whole list', async () => {
      // The last Clear filters is the one under the message (the filter bar's comes first).
      const clear = (await canvas.findAllByRole('button', { name: 'Clear filters' })).at(-1);
      if (!clear) throw new Error('No Clear filters under the message');
      await userEvent.click(clear);
      await expect(await canvas.findByText('Showing 1–25 of 60 funnels', {}, { timeout: 5000 })).toBeVisible();
    });
  },
});
