/**
 * The funnel tabs' read states (src/features/funnels/load-failed.tsx, tabs/read-tab.tsx): a read
 * that failed says so with Try again (`LoadFailed`), and a tab built by `readTab` shows what is
 * loading, then the failure, then, after Try again, its rows with the funnel's lock.
 */
import preview from '../../../.storybook/preview';

import { queryOptions } from '@tanstack/react-query';
import { Outlet, Route, Routes } from 'react-router-dom';
import { expect, fn, within } from 'storybook/test';
import { LoadFailed } from '../../../src/features/funnels/load-failed';
import { readTab } from '../../../src/features/funnels/tabs/read-tab';

const meta = preview.meta({
  title: 'Funnels/ReadTab',
  component: LoadFailed,
  args: { message: 'The scrubs could not be loaded: Internal error', onRetry: fn() },
});

/** The failure as an alert with the message; Try again calls `onRetry` once. */
export const Failed = meta.story({
  play: async ({ args, canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The scrubs could not be loaded: Internal error');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
});

/** The notes the story's read answers: refused on the first call after `reset`, then two notes. */
const notes = (() => {
  let calls = 0;
  return {
    reset: () => {
      calls = 0;
    },
    query: (funnelId: number) =>
      queryOptions({
        queryKey: ['story-read-tab', funnelId],
        queryFn: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('Internal error')) : Promise.resolve(['First note', 'Second note']);
        },
      }),
  };
})();

const NotesTab = readTab(
  notes.query,
  (funnelId) => ({ funnelId }),
  'notes',
  (rows, locked, writes) => (
    <ul aria-label={`Notes of funnel ${writes.funnelId}${locked ? ' (locked)' : ''}`}>
      {rows.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  ),
).Component;

/** A tab built by readTab inside the funnel page's outlet (funnel 1, locked): refused once, then Try again shows its rows. */
export const ReadTabFailsThenShows = meta.story({
  beforeEach: notes.reset,
  render: () => (
    <Routes>
      <Route element={<Outlet context={{ funnelId: 1, locked: true }} />}>
        <Route path="*" element={<NotesTab />} />
      </Route>
    </Routes>
  ),
  play: async ({ canvas, userEvent, step }) => {
    await step('The failed read is said with the reason', async () => {
      const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
      await expect(alert).toHaveTextContent('The notes could not be loaded: Internal error');
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    await step("Try again reads again: the rows, with the funnel's id and lock", async () => {
      const list = await canvas.findByRole('list', { name: 'Notes of funnel 1 (locked)' }, { timeout: 5000 });
      await expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['First note', 'Second note']);
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});
