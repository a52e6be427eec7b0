/**
 * What the catalogue list screens' stories (/offers, /products, /shipping, /users, …) share: the
 * meta that renders the screen at its route with its msw handlers, the table once the screen has
 * loaded, a column's texts, and whole plays: a row deleted after the confirmation, the list of a
 * role that may not write, a role that may not read, and the search-sort-page story. Network mocks live only in stories.
 */
import type { ComponentType } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { routeStory, type Sent } from './screens';
import { ListRoute } from './list-address';
import { playSearchSortPage, type ListPlay } from './list-play';
import { expectEmptyStateAction, playConfirmDelete } from './helpers';
import { confirmDelete, stepValue } from './dialog-steps';

type Canvas = ReturnType<typeof within>;
type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
type Ctx = {
  canvas: Canvas;
  userEvent: { click: (el: Element) => Promise<void> };
  step: (label: string, play: () => Promise<void>) => Promise<void> | void;
};

/** A list screen as its stories know it. */
export interface ListScreen {
  /** Its route ('/offers'). */
  path: string;
  /** One row, as the Add button ('Add offer') and the delete confirmation ('Delete offer') say it. */
  noun: string;
  /** The table's accessible name ('Offers'); in lower case, the rows as the pager counts them. */
  table: string;
}

/**
 * The meta fields of a list screen's stories beside its literal title and `component`: `Screen`
 * rendered at its path (opened there), answered by `handlers`.
 */
export function listScreenMeta(Screen: ComponentType, list: ListScreen, handlers: RequestHandler[]) {
  return routeStory(list.path, <Screen />, handlers);
}

/**
 * Finds the list's table once the screen has loaded the rows and the role (which decides the
 * write actions): its Add button shows first. Waits up to 5 s each.
 */
export const listTable = (list: ListScreen) => async (canvas: Finder) => {
  await canvas.findByRole('button', { name: `Add ${list.noun}` }, { timeout: 5000 });
  return canvas.findByRole('table', { name: list.table }, { timeout: 5000 });
};

/** The text of cell `column` (0-based) of each body row of `table`, in order. */
export const columnOf = (table: HTMLElement, column: number) =>
  [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[column]?.textContent);

/**
 * A list screen's Delete story: its handlers (from `handlers`) log every write; pressing
 * `Delete <row>` asks first in the dialog 'Delete <noun>' saying `question` (Cancel sends nothing,
 * see {@link playConfirmDelete}); Delete sends `DELETE path` (no body, nothing else), `gone(table)`
 * comes to hold, and the `toast` (when given) shows.
 */
export function deleteRowStory(
  list: ListScreen,
  handlers: (sent: Sent[]) => RequestHandler[],
  o: { row: string; question: string; path: string; gone: (table: HTMLElement) => unknown; toast?: string },
) {
  const sent: Sent[] = [];
  return {
    parameters: { msw: { handlers: handlers(sent) } },
    play: async ({ canvas, userEvent, step }: Ctx) => {
      sent.length = 0;
      const table = await listTable(list)(canvas);
      await playConfirmDelete({
        step,
        userEvent,
        button: () => within(table).getByRole('button', { name: `Delete ${o.row}` }),
        dialog: `Delete ${list.noun}`,
        question: o.question,
        nothingDone: () => expect(sent).toEqual([]),
      });
      await step(o.toast ? 'The request, the row goes, the toast' : 'The request, and the row goes', async () => {
        await expect(sent).toEqual([{ method: 'DELETE', path: o.path, body: null }]);
        await waitFor(() => o.gone(table));
        if (o.toast) await expect(await screen.findByText(o.toast)).toBeVisible();
      });
    },
  };
}

/**
 * The play of a role that may read the list but not write it: `notice` shows, the table holds
 * what `rows` expects, there is no Add button and no button in any row (the headers' sort
 * buttons are not actions), and with `noActions` no Actions column either.
 */
export function playReadOnlyList(list: ListScreen, notice: string, rows: (table: HTMLElement) => unknown, noActions = false) {
  return async ({ canvas, step }: Pick<Ctx, 'canvas' | 'step'>) => {
    let table!: HTMLElement;
    await step(`The notice and the ${list.table.toLowerCase()}`, async () => {
      await expect(await canvas.findByText(notice, {}, { timeout: 5000 })).toBeVisible();
      table = await canvas.findByRole('table', { name: list.table });
      await rows(table);
    });
    await step(noActions ? 'No Add, no actions column and no buttons' : 'No Add and no row buttons', async () => {
      await expect(canvas.queryByRole('button', { name: `Add ${list.noun}` })).toBeNull();
      await expect([...table.querySelectorAll('tbody button')]).toEqual([]);
      if (noActions) await expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    });
  };
}

/**
 * The SearchSortAndPage story of a list screen: `Screen` at its path with the address bar,
 * answered by `handlers` (a list longer than one page), played by {@link playSearchSortPage}
 * with the rest of `play`.
 */
export function searchSortPageStory(Screen: ComponentType, list: ListScreen, handlers: RequestHandler[], play: Omit<ListPlay, 'path' | 'table' | 'noun'>) {
  const whole: ListPlay = { path: list.path, table: list.table, noun: list.table.toLowerCase(), ...play };
  return {
    parameters: { msw: { handlers } },
    render: () => (
      <ListRoute path={list.path}>
        <Screen />
      </ListRoute>
    ),
    play: (ctx: Parameters<typeof playSearchSortPage>[0]) => playSearchSortPage(ctx, whole),
  };
}

/**
 * Waits for the list's table, presses `button` (the Add button by default, else a row's button
 * in the table) and returns the table, the dialog it opens (named as the button) and its Save.
 */
export async function openListDialog(canvas: Canvas, userEvent: Ctx['userEvent'], list: ListScreen, button = `Add ${list.noun}`) {
  const table = await listTable(list)(canvas);
  await userEvent.click((button === `Add ${list.noun}` ? canvas : within(table)).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: button });
  return { table, dialog, save: within(dialog).getByRole('button', { name: 'Save' }) };
}

/**
 * The play of an empty list: `message` shows (with what `also` checks, e.g. the heading) and no
 * table; the one Add button, once the role has loaded, sits next to the message and opens the
 * same dialog (see {@link expectEmptyStateAction}).
 */
export function playEmptyList(list: ListScreen, message: string, also?: (canvas: Canvas) => Promise<unknown>) {
  const add = `Add ${list.noun}`;
  return async ({ canvas, canvasElement, userEvent, step }: Ctx & { canvasElement: HTMLElement }) => {
    await step('The empty state, no table', async () => {
      await also?.(canvas);
      await expect(await canvas.findByText(message, {}, { timeout: 5000 })).toBeVisible();
      await expect(canvas.queryByRole('table')).toBeNull();
    });
    await step(`${add} next to the message opens the form`, async () => {
      await within(canvas.getByRole('status')).findByRole('button', { name: add });
      await expectEmptyStateAction(canvasElement, userEvent, message, add);
    });
  };
}

/**
 * The step 'Edit <row>: the form holds its values': {@link openListDialog} on the button
 * `Edit <row>`, and the dialog's field labelled `field` holds `value`. Returns what it returns.
 */
export const stepOpenEdit = (
  step: Ctx['step'],
  canvas: Canvas,
  userEvent: Ctx['userEvent'],
  list: ListScreen,
  row: string,
  field: [label: string, value: string],
) =>
  stepValue(step, `Edit ${row}: the form holds its values`, async () => {
    const opened = await openListDialog(canvas, userEvent, list, `Edit ${row}`);
    await expect(within(opened.dialog).getByLabelText(field[0])).toHaveValue(field[1]);
    return opened;
  });

/**
 * A list screen's story of a delete the server refuses: in the step `label`, `Delete <row>` is
 * confirmed in the dialog 'Delete <noun>'; then `said()` (the server's message) holds, the dialog
 * stays open and `kept(table)` holds.
 */
export function deleteRefusedStory(
  list: ListScreen,
  label: string,
  row: string,
  o: { said: () => Promise<unknown>; kept: (table: HTMLElement) => Promise<unknown> },
) {
  return {
    play: async ({ canvas, userEvent, step }: Pick<StoryContext, 'canvas' | 'userEvent' | 'step'>) => {
      const table = await stepValue(step, label, async () => {
        const found = await listTable(list)(canvas);
        await confirmDelete(within(found), userEvent, `Delete ${row}`, `Delete ${list.noun}`);
        return found;
      });
      await step("The server's message; the dialog and the row stay", async () => {
        await o.said();
        await expect(screen.getByRole('alertdialog', { name: `Delete ${list.noun}` })).toBeVisible();
        await o.kept(table);
      });
    },
  };
}

/**
 * The step `label` that waits for the list's table (see {@link listTable}) and finds cell
 * `column` (0-based) of its rows to read `expected`, in order; returns the table for the steps
 * after it. Each Filled story of a list screen starts with it.
 */
export const stepListed = (step: Ctx['step'], canvas: Canvas, list: ListScreen, label: string, column: number, expected: string[]) =>
  stepValue(step, label, async () => {
    const table = await listTable(list)(canvas);
    await expect(columnOf(table, column)).toEqual(expected);
    return table;
  });

/** The step "The server's message": an alert, waited for up to 5 s, says `message`. */
export const stepServerMessage = (step: Ctx['step'], canvas: Canvas, message: string) =>
  step("The server's message", async () => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(message);
  });

/**
 * A screen's story of a role the policy keeps from it: its msw handlers are `handlers` (answering
 * as that role); the step "The role's refusal" finds an alert saying `message` (waited for up to
 * 8 s), then the step `none.label` finds no button of `none.buttons`, with `none.table` no table
 * and with `none.text` no such text.
 */
export function forbiddenStory(handlers: RequestHandler[], message: string, none: { label: string; buttons?: string[]; table?: boolean; text?: RegExp }) {
  return {
    parameters: { msw: { handlers } },
    play: async ({ canvas, step }: Pick<Ctx, 'canvas' | 'step'>) => {
      await step("The role's refusal", async () => {
        await expect(await canvas.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(message);
      });
      await step(none.label, async () => {
        if (none.table) await expect(canvas.queryByRole('table')).toBeNull();
        for (const name of none.buttons ?? []) await expect(canvas.queryByRole('button', { name })).toBeNull();
        if (none.text) await expect(screen.queryByText(none.text)).toBeNull();
      });
    },
  };
}

/**
 * The helpers above bound to one list screen, so a story file names the list and its screen once:
 * `const offers = listScreen({ path: '/offers', noun: 'offer', table: 'Offers' }, OffersScreen)`;
 * its `meta(handlers)` goes into the meta object beside the literal title and `component`.
 */
export function listScreen(list: ListScreen, Screen: ComponentType) {
  return {
    ...list,
    meta: (handlers: RequestHandler[]) => listScreenMeta(Screen, list, handlers),
    findTable: listTable(list),
    open: (canvas: Canvas, userEvent: Ctx['userEvent'], button?: string) => openListDialog(canvas, userEvent, list, button),
    openEdit: (step: Ctx['step'], canvas: Canvas, userEvent: Ctx['userEvent'], row: string, field: [label: string, value: string]) =>
      stepOpenEdit(step, canvas, userEvent, list, row, field),
    deleteRefusedStory: (label: string, row: string, o: Parameters<typeof deleteRefusedStory>[3]) => deleteRefusedStory(list, label, row, o),
    listed: (step: Ctx['step'], canvas: Canvas, label: string, column: number, expected: string[]) => stepListed(step, canvas, list, label, column, expected),
    empty: (message: string, also?: (canvas: Canvas) => Promise<unknown>) => playEmptyList(list, message, also),
    readOnly: (notice: string, rows: (table: HTMLElement) => unknown, noActions?: boolean) => playReadOnlyList(list, notice, rows, noActions),
    deleteStory: (handlers: (sent: Sent[]) => RequestHandler[], o: Parameters<typeof deleteRowStory>[2]) => deleteRowStory(list, handlers, o),
    searchSortPageStory: (handlers: RequestHandler[], play: Parameters<typeof searchSortPageStory>[3]) => searchSortPageStory(Screen, list, handlers, play),
    forbidden: (handlers: RequestHandler[], message: string) =>
      forbiddenStory(handlers, message, { label: `No table and no Add ${list.noun}`, table: true, buttons: [`Add ${list.noun}`] }),
  };
}
