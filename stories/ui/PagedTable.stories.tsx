/**
 * The paged list's table (src/ui/list/PagedTable.tsx) on its own, its state held by the story
 * as a screen holds it in the address, and its page cut from 40 fruits as the server would: the
 * pager, a sortable header both ways, a search asked for after a pause, no match with Clear
 * search, the previous page dimmed with `aria-busy` while the next loads, and the plain table
 * without paging.
 */
import preview from '../../.storybook/preview';

import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { expect, waitFor, within } from 'storybook/test';
import { DEFAULT_LIST, type ListState } from '../../src/ui/list/list-state';
import { PagedTable, Pager, SearchBox, noMatch } from '../../src/ui/list/PagedTable';

interface Fruit {
  ID: number;
  name: string;
  kg: number;
}
const NAMES = ['Apple', 'Banana', 'Cherry', 'Damson', 'Elderberry', 'Fig', 'Grape', 'Huckleberry', 'Kiwi', 'Lemon'];
const FRUITS: Fruit[] = Array.from({ length: 40 }, (_, i) => ({ ID: i + 1, name: `${NAMES[i % 10] ?? ''} ${Math.floor(i / 10) + 1}`, kg: (i * 7) % 13 }));
const SORTS = ['id', 'name', 'kg'] as const;
type Sort = (typeof SORTS)[number];
const COLUMNS: ColumnDef<Fruit, unknown>[] = [
  { id: 'id', header: 'ID', accessorKey: 'ID' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'kg', header: 'Weight (kg)', accessorKey: 'kg' },
  { header: 'Note', cell: () => 'fresh' },
];
const rowId = (f: Fruit) => String(f.ID);

/** What the server would answer for `s`: the search, the sort (ties by ID) and the page. */
function serve(s: ListState<Sort>): { rows: Fruit[]; total: number } {
  const q = s.q.trim().toLowerCase();
  const hits = FRUITS.filter((f) => !q || f.name.toLowerCase().includes(q));
  const key = s.sort ?? 'id';
  const value = (f: Fruit) => (key === 'name' ? f.name : key === 'kg' ? f.kg : f.ID);
  const sorted = [...hits].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : a.ID - b.ID) * (s.desc ? -1 : 1);
  });
  return { rows: sorted.slice((s.page - 1) * s.perPage, s.page * s.perPage), total: hits.length };
}

/** The table with its state held here (a screen keeps it in the address); `loading` shows the dimmed page. */
function Harness({ loading = false, paged = true }: { loading?: boolean; paged?: boolean }) {
  const [state, setState] = useState<ListState<Sort>>({ ...DEFAULT_LIST, perPage: 25 });
  const { rows, total } = paged ? serve(state) : { rows: FRUITS.slice(0, 5), total: 5 };
  return (
    <PagedTable
      label="Fruits"
      noun="fruits"
      columns={COLUMNS}
      sorts={SORTS}
      data={rows}
      getRowId={rowId}
      emptyMessage="No fruits added"
      searchHint="Name"
      list={paged ? { state, total, loading, onChange: setState } : undefined}
    />
  );
}

const meta = preview.meta({
  title: 'UI/PagedTable',
  component: PagedTable,
  subcomponents: { SearchBox, Pager },
  render: () => <Harness />,
});

const names = (canvas: ReturnType<typeof within>) =>
  [...canvas.getByRole('table', { name: 'Fruits' }).querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[1]?.textContent);

/** Pages, sorts and searches as a user does; no match offers Clear search. */
export const SearchSortAndPage = meta.story({
  args: { label: 'Fruits', noun: 'fruits', columns: [], sorts: [], data: [], getRowId: () => '', emptyMessage: '' },
  play: async ({ canvas, userEvent, step }) => {
    await step('Page 1 of 2, then the next page', async () => {
      await expect(canvas.getByText('Showing 1–25 of 40 fruits')).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(canvas.getByText('Showing 26–40 of 40 fruits')).toBeVisible();
      await expect(canvas.getByText('Page 2 of 2')).toBeVisible();
    });
    await step('Name sorts ascending, then descending (aria-sort says which), back on page 1', async () => {
      const table = canvas.getByRole('table', { name: 'Fruits' });
      await userEvent.click(within(table).getByRole('button', { name: /^Name/ }));
      await expect(within(table).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
      await expect(names(canvas).slice(0, 2)).toEqual(['Apple 1', 'Apple 2']);
      await userEvent.click(within(table).getByRole('button', { name: /^Name/ }));
      await expect(within(table).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
      await expect(names(canvas)[0]).toBe('Lemon 4');
      await expect(canvas.getByText('Page 1 of 2')).toBeVisible();
    });
    await step('A search is asked for after a pause in typing', async () => {
      await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'berry');
      await waitFor(() => expect(canvas.getByText('Showing 1–8 of 8 fruits')).toBeVisible(), { timeout: 3000 });
      await expect(names(canvas).every((n) => n?.includes('berry'))).toBe(true);
    });
    await step('No match says so; Clear search shows every fruit again', async () => {
      const box = canvas.getByRole('searchbox', { name: 'Search' });
      await userEvent.clear(box);
      await userEvent.type(box, 'mango{Enter}');
      await expect(await canvas.findByText(noMatch('fruits', 'mango'))).toBeVisible();
      await expect(canvas.queryByRole('table')).toBeNull();
      await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
      await expect(await canvas.findByText('Showing 1–25 of 40 fruits')).toBeVisible();
    });
  },
});

/** While the next page loads the rows shown stay, dimmed, and the body says it is busy. */
export const Loading = meta.story({
  args: SearchSortAndPage.input.args,
  render: () => <Harness loading />,
  play: async ({ canvas }) => {
    const body = canvas.getByRole('table', { name: 'Fruits' }).querySelector('tbody');
    await expect(body).toHaveAttribute('aria-busy', 'true');
    await expect(body?.querySelectorAll('tr')).toHaveLength(25);
  },
});

/** Without a paged list: every row, no search box, sort buttons or pager. */
export const Plain = meta.story({
  args: SearchSortAndPage.input.args,
  render: () => <Harness paged={false} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Fruits' }).querySelectorAll('tbody tr')).toHaveLength(5);
    await expect(canvas.queryByRole('searchbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Name/ })).toBeNull();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
});
