/**
 * Helpers for play functions: read the story's editor store, and assert the command-log
 * contract every editor panel story checks (undo restores the exact previous document,
 * redo the edited one, replaying the recorded commands reproduces it); and the steps a screen's
 * story opens with (its heading; an empty list).
 */
import { expect, screen, waitFor, within } from 'storybook/test';
import { applyOps } from '../src/model';
import type { DocId, EditorStore } from '../src/editor';
import type { StoryContextLoaded } from '../.storybook/store';

/** The story's editor store (from the preview loader). */
export const storeOf = (loaded: unknown): EditorStore => (loaded as StoryContextLoaded).store;

/** A deep copy of a document's current value. */
export const snapshot = <T = any>(store: EditorStore, doc: DocId): T => structuredClone(store.getState().docs[doc]!.value) as T;

/**
 * After an edit made from `before`: undo gives `before` exactly, redo gives the edited
 * value exactly, and applying every recorded command's ops to `before` gives it as well.
 */
export async function expectUndoRedo(
  store: EditorStore,
  doc: DocId,
  before: unknown,
  actUndo?: () => void | Promise<void>,
  actRedo?: () => void | Promise<void>,
) {
  const after = snapshot(store, doc);
  await expect(after).not.toEqual(before);
  const replayed = store
    .getState()
    .past.flatMap((e) => e.commands)
    .filter((c) => c.doc === doc)
    .reduce((v, c) => applyOps(v, c.ops as never), structuredClone(before));
  await expect(replayed).toEqual(after);
  if (actUndo) await actUndo();
  else store.actions.undo();
  await expect(snapshot(store, doc)).toEqual(before);
  if (actRedo) await actRedo();
  else store.actions.redo();
  await expect(snapshot(store, doc)).toEqual(after);
}

/**
 * {@link expectUndoRedo} stepping the whole history: undo until nothing is left to undo gives
 * `before`, redo until nothing is left to redo gives the edited value.
 */
export const expectUndoRedoAll = (store: EditorStore, doc: DocId, before: unknown) =>
  expectUndoRedo(
    store,
    doc,
    before,
    () => {
      while (store.getState().past.length) store.actions.undo();
    },
    () => {
      while (store.getState().future.length) store.actions.redo();
    },
  );

/** The texts of `table`'s body cells, a row an array (the header row left out). */
export const cellTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

/** The texts of the elements of role `role` (list items by default) in `scope`, in order. */
export const itemTexts = (scope: HTMLElement, role = 'listitem') =>
  within(scope)
    .getAllByRole(role)
    .map((el) => el.textContent);

/** The app's notification region, where a screen's toasts show: find a toast by its text in it. */
export const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

/** Asserts that a toast saying `text` shows, waiting up to 5 s (it follows a round trip to the mock API). */
export const expectToast = async (text: string) => expect(await toasts().findByText(text, {}, { timeout: 5000 })).toBeVisible();

/** A fresh list-item id `<prefix>-<10 random base-36 characters>` (src/model/rebase.ts newItemId). */
export const freshId = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix}-[0-9a-z]{10}$`));
/** A fresh `uid` (src/model/rebase.ts newUid). */
export const freshUid = () => expect.stringMatching(/^[0-9a-z]{10}$/);

/**
 * An empty list's next step: the empty state (role status) says `message`, the
 * screen shows exactly one `button` control, it stands in the empty state, and pressing it
 * opens the dialog named `dialog` (default: the button's name).
 */
export async function expectEmptyStateAction(
  canvasElement: HTMLElement,
  user: { click: (el: Element) => Promise<void> },
  message: string,
  button: string,
  dialog = button,
) {
  const canvas = within(canvasElement);
  const empty = canvas.getByRole('status');
  await expect(empty).toHaveTextContent(message);
  await expect(canvas.getAllByRole('button', { name: button })).toHaveLength(1);
  await user.click(within(empty).getByRole('button', { name: button }));
  await expect(await screen.findByRole('dialog', { name: dialog })).toBeVisible();
}

/** What a play function's context gives {@link playConfirmDelete}. */
interface PlayTools {
  step: (label: string, play: () => Promise<void>) => unknown;
  userEvent: { click: (el: Element) => Promise<void> };
}

/**
 * The confirmation every delete asks first (000 §8 "Are you sure you want to delete …?"), as two
 * steps: pressing `button()` opens the alert dialog named `dialog` saying `question`; Cancel
 * closes it and `nothingDone` holds; pressing it again and Delete makes `confirmed` hold and
 * closes the dialog. What the delete sent and showed is the
 * story's own next step.
 * @param button - finds the delete button afresh each time (a list re-renders under it).
 */
export async function playConfirmDelete({
  step,
  userEvent,
  ...o
}: PlayTools & {
  button: () => HTMLElement | Promise<HTMLElement>;
  dialog: string;
  question: string;
  nothingDone: () => unknown;
  confirmed?: () => Promise<unknown>;
}) {
  const open = async () => {
    await userEvent.click(await o.button());
    return screen.findByRole('alertdialog', { name: o.dialog });
  };
  const closed = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await step('Delete asks first; Cancel does nothing', async () => {
    const confirm = await open();
    await expect(confirm).toHaveTextContent(o.question);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await closed();
    await o.nothingDone();
  });
  await step('Delete again and confirm', async () => {
    const confirm = await open();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await o.confirmed?.();
    await closed();
  });
}

/**
 * The Delete story of a component that takes `onDelete`: {@link playConfirmDelete} on the button
 * named `button`, the alert dialog `dialog` saying `question`; Cancel leaves onDelete uncalled,
 * Delete makes `deleted(onDelete)` hold (waited for; by default onDelete was called once).
 */
export function deleteAsksFirstStory(o: { button: string; dialog: string; question: string; deleted?: (onDelete: unknown) => unknown }) {
  const deleted = o.deleted ?? ((onDelete: unknown) => expect(onDelete).toHaveBeenCalledTimes(1));
  return {
    play: async ({ canvas, userEvent, args, step }: PlayTools & { canvas: ReturnType<typeof within>; args: { onDelete: unknown } }) =>
      playConfirmDelete({
        step,
        userEvent,
        button: () => canvas.getByRole('button', { name: o.button }),
        dialog: o.dialog,
        question: o.question,
        nothingDone: () => expect(args.onDelete).not.toHaveBeenCalled(),
        confirmed: () => waitFor(() => deleted(args.onDelete)),
      }),
  };
}

type Steps = (label: string, play: () => Promise<void>) => Promise<void> | void;
type HeadingFinder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };

/** The step 'The heading shows': the screen's level-1 heading `name`, waited for, is visible. */
export const stepHeading = (step: Steps, canvas: HeadingFinder, name: string) =>
  step('The heading shows', async () => {
    await expect(await canvas.findByRole('heading', { level: 1, name })).toBeVisible();
  });

/**
 * The play of a screen with nothing to list: {@link stepHeading} with `heading`, then the step
 * 'The empty state, no table' in which `message` shows (waited for up to 5 s) and no table does.
 */
export const playEmptyScreen =
  (heading: string, message: string) =>
  async ({ canvas, step }: { canvas: ReturnType<typeof within>; step: Steps }) => {
    await stepHeading(step, canvas, heading);
    await step('The empty state, no table', async () => {
      await expect(await canvas.findByText(message, {}, { timeout: 5000 })).toBeVisible();
      await expect(canvas.queryByRole('table')).toBeNull();
    });
  };
