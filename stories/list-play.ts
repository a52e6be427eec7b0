/**
 * The play every paged catalogue list story runs, as a user: the first page and its count, the
 * next page (in the address), a search typed (asked for after a pause, back to page 1), a sort
 * both ways (a header, or the Sort select where the table's headers do not sort), a search that
 * matches nothing with Clear search, and Back restoring the state before. The story renders
 * {@link AddressBar} beside the screen and answers with src/server's list rules (list-mock.ts).
 */
import { expect, waitFor, within } from 'storybook/test';

/** What the play needs to know of one list. */
export interface ListPlay {
  /** The screen's path ('/offers'). */
  path: string;
  /** The table's accessible name ('Offers'). */
  table: string;
  /** The rows, plural, as the pager says them ('offers'). */
  noun: string;
  /** Rows in the list (more than 25). */
  total: number;
  /** A search and how many rows it matches (fewer than 25). */
  search: string;
  matches: number;
  /** The cell (0-based) whose text the search and the sort are checked on. */
  column: number;
  /** How the play sorts: a header's name, or a value of the Sort select. */
  sort: { header: RegExp; key: string } | { select: string; descSelect: string; key: string };
  /** That column's first cell among the matches, ascending and descending. */
  firstAsc: string;
  firstDesc: string;
}

type Canvas = ReturnType<typeof within>;
type User = {
  click: (e: Element) => Promise<void>;
  type: (e: Element, text: string) => Promise<void>;
  clear: (e: Element) => Promise<void>;
  selectOptions: (e: Element, value: string) => Promise<void>;
};
type Ctx = { canvas: Canvas; userEvent: User; step: (name: string, run: () => Promise<void>) => Promise<void> | void };

const fmt = (n: number) => n.toLocaleString('en-US');

/** Runs the play of `l` (see the module comment). */
export async function playSearchSortPage({ canvas, userEvent, step }: Ctx, l: ListPlay) {
  const address = () => canvas.getByRole('status', { name: 'Address' });
  const table = () => canvas.getByRole('table', { name: l.table });
  const cells = () => [...table().querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[l.column]?.textContent ?? '');
  const box = () => canvas.getByRole('searchbox', { name: 'Search' });
  const pages = Math.ceil(l.total / 25);
  await step(`Page 1 of ${pages}: 25 of the ${l.total} ${l.noun}`, async () => {
    await expect(await canvas.findByText(`Showing 1–25 of ${fmt(l.total)} ${l.noun}`, {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByText(`Page 1 of ${pages}`)).toBeVisible();
  });
  await step('Next page: page 2 in the address', async () => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByText(`Showing 26–${Math.min(50, l.total)} of ${fmt(l.total)} ${l.noun}`)).toBeVisible();
    await expect(address()).toHaveTextContent(`${l.path}?page=2`);
  });
  await step('A search asks the server after a pause, back on page 1', async () => {
    await userEvent.type(box(), l.search);
    await waitFor(() => expect(address()).toHaveTextContent(`${l.path}?q=${encodeURIComponent(l.search)}`), { timeout: 3000 });
    await waitFor(() => expect(canvas.getByText(`Showing 1–${l.matches} of ${l.matches} ${l.noun}`)).toBeVisible());
    await expect(cells().every((c) => c.toLowerCase().includes(l.search.toLowerCase()))).toBe(true);
  });
  await step('A sort ascending, then descending, in the address', async () => {
    const s = l.sort;
    if ('header' in s) {
      await userEvent.click(within(table()).getByRole('button', { name: s.header }));
      await waitFor(() => expect(within(table()).getByRole('columnheader', { name: s.header })).toHaveAttribute('aria-sort', 'ascending'));
    } else await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sort' }), s.select);
    await waitFor(() => expect(address()).toHaveTextContent(`sort=${s.key}`));
    await waitFor(() => expect(cells()[0]).toContain(l.firstAsc));
    if ('header' in s) {
      await userEvent.click(within(table()).getByRole('button', { name: s.header }));
      await waitFor(() => expect(within(table()).getByRole('columnheader', { name: s.header })).toHaveAttribute('aria-sort', 'descending'));
    } else await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sort' }), s.descSelect);
    await waitFor(() => expect(address()).toHaveTextContent(`sort=-${s.key}`));
    await waitFor(() => expect(cells()[0]).toContain(l.firstDesc));
  });
  await step('No match says so; Clear search brings every row back', async () => {
    await userEvent.clear(box());
    await userEvent.type(box(), 'nothing like it{Enter}');
    await expect(await canvas.findByText(`No ${l.noun} match “nothing like it”`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(await canvas.findByText(`Showing 1–25 of ${fmt(l.total)} ${l.noun}`)).toBeVisible();
    await expect(box()).toHaveValue('');
  });
  await step('Back restores the search before, in the box and the table', async () => {
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByText(`No ${l.noun} match “nothing like it”`)).toBeVisible();
    await expect(box()).toHaveValue('nothing like it');
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toHaveTextContent(`sort=-${l.sort.key}`));
    await expect(box()).toHaveValue(l.search);
    await waitFor(() => expect(cells()[0]).toContain(l.firstDesc));
  });
}

/**
 * The search and sort of a list of the stories' 60 generated rows (named `<Aurora|Blossom|Cedar|Dune> <word> 001…060`,
 * after the fixtures' own rows): 'cedar' matches 15, sorted by the Name header, 'Cedar <word> 003' first ascending
 * and 'Cedar <word> 059' descending.
 */
export const cedarRows = (word: string): Pick<ListPlay, 'search' | 'matches' | 'sort' | 'firstAsc' | 'firstDesc'> => ({
  search: 'cedar',
  matches: 15,
  sort: { header: /^Name/, key: 'name' },
  firstAsc: `Cedar ${word} 003`,
  firstDesc: `Cedar ${word} 059`,
});
