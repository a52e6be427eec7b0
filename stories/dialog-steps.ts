/**
 * The steps the stories of a list with Add, Edit and Delete dialogs (a funnel's tabs, the
 * catalogue screens) and of a form on its own take again and again, as a user: open a dialog by
 * its button, type into its fields, save it and see it close, save it and see its messages, and
 * delete after the confirmation. Each is what the stories wrote inline, in the same order. Where
 * a step takes a `scope`, it is the dialog, or for a form on its own the story's canvasElement
 * (the form and its Save button).
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';

type Canvas = StoryContext['canvas'];
type User = StoryContext['userEvent'];

/**
 * Expects the table `table` to show each of `shown.texts` and each row named by `shown.rows`
 * (visible), then `shown.also(table)` to hold.
 */
export async function listsRows(table: HTMLElement, shown: { texts?: string[]; rows?: RegExp[]; also?: (table: HTMLElement) => Promise<unknown> }) {
  for (const text of shown.texts ?? []) await expect(within(table).getByText(text)).toBeVisible();
  for (const name of shown.rows ?? []) await expect(within(table).getByRole('row', { name })).toBeVisible();
  await shown.also?.(table);
}

/** Expects each field of `scope` labelled by a key of `values` to hold its value. */
export async function expectValues(scope: { getByLabelText: (label: string) => HTMLElement }, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await expect(scope.getByLabelText(label)).toHaveValue(value);
}

/**
 * Edits a row in its dialog: presses `button`, expects each field of `prefilled` (label → value)
 * to hold the row's value, runs `change` on the dialog, then {@link saveAndClose} waiting for `saved`.
 */
export async function editPrefilled(
  canvas: Canvas,
  userEvent: User,
  button: string,
  prefilled: Record<string, string>,
  change: (dialog: HTMLElement) => Promise<unknown>,
  saved: () => unknown,
) {
  const dialog = await openDialog(canvas, userEvent, button);
  await expectValues(within(dialog), prefilled);
  await change(dialog);
  await saveAndClose(userEvent, dialog, saved);
}

/**
 * Presses the button named `button` in `canvas` and returns the dialog it opens.
 * @param name - the dialog's accessible name; the button's name by default.
 */
export async function openDialog(canvas: Canvas, userEvent: User, button: string, name = button) {
  await userEvent.click(canvas.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name });
}

/**
 * {@link openDialog}, then waits until the caret stands in the field labelled `field` (the first
 * field, where a form puts it).
 */
export async function openDialogAt(canvas: Canvas, userEvent: User, button: string, field: string, name = button) {
  const dialog = await openDialog(canvas, userEvent, button, name);
  await waitFor(() => expect(within(dialog).getByLabelText(field)).toHaveFocus());
  return dialog;
}

/**
 * {@link openDialog} as the step '<button> opens the form'. Returns the dialog.
 * @param step - the play function's `step`.
 */
export const stepOpen = (step: (label: string, play: () => Promise<void>) => unknown, canvas: Canvas, userEvent: User, button: string) =>
  stepValue(step, `${button} opens the form`, () => openDialog(canvas, userEvent, button));

/**
 * The step `label` that opens the dialog by its `button` and saves it empty: `messages` show (see
 * {@link saveExpecting}). Returns the dialog.
 * @param step - the play function's `step`.
 */
export const stepSaveEmpty = (
  step: (label: string, play: () => Promise<void>) => unknown,
  canvas: Canvas,
  userEvent: User,
  label: string,
  button: string,
  messages: string[],
) =>
  stepValue(step, label, async () => {
    const dialog = await openDialog(canvas, userEvent, button);
    await saveExpecting(userEvent, dialog, messages);
    return dialog;
  });

/**
 * {@link openDialogAt} as the step '<button> opens the form, the caret in <field>'.
 * @param step - the play function's `step`.
 */
export const stepOpenAt = (step: (label: string, play: () => Promise<void>) => unknown, canvas: Canvas, userEvent: User, button: string, field: string) =>
  stepValue(step, `${button} opens the form, the caret in ${field}`, () => openDialogAt(canvas, userEvent, button, field));

/** Presses the button named `name` ('Save' by default) inside `scope`. */
export const pressIn = (userEvent: User, scope: HTMLElement, name = 'Save') => userEvent.click(within(scope).getByRole('button', { name }));

/** Types each value of `fields` into the field of `scope` labelled by its key, in the object's order. */
export async function typeFields(userEvent: User, scope: HTMLElement, fields: Record<string, string>) {
  for (const [label, text] of Object.entries(fields)) await userEvent.type(within(scope).getByLabelText(label), text);
}

/** Clears the field `field` and types `text` into it, in place of what it held. */
export async function retype(userEvent: User, field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

/** Waits until no element of role `role` ('dialog' by default, or 'alertdialog') is open. */
export const expectNoDialog = (role: 'dialog' | 'alertdialog' = 'dialog') => waitFor(() => expect(screen.queryByRole(role)).toBeNull());

/**
 * Presses Save (or `button`) in `dialog`, waits until `saved` (when given: what the story expects
 * was called) holds and the dialog has closed.
 */
export async function saveAndClose(userEvent: User, dialog: HTMLElement, saved?: () => unknown, button = 'Save') {
  await pressIn(userEvent, dialog, button);
  if (saved) await waitFor(saved);
  await expectNoDialog();
}

/**
 * Expects each of `messages` visible in `scope`: the first waited for, the others there with it
 * (a form shows its messages at once).
 */
export async function expectMessages(scope: HTMLElement, messages: string[]) {
  const [first, ...rest] = messages;
  if (first !== undefined) await expect(await within(scope).findByText(first)).toBeVisible();
  for (const m of rest) await expect(within(scope).getByText(m)).toBeVisible();
}

/** Presses `button` ('Save' by default) in `scope`, then {@link expectMessages} there. */
export async function saveExpecting(userEvent: User, scope: HTMLElement, messages: string[], button = 'Save') {
  await pressIn(userEvent, scope, button);
  await expectMessages(scope, messages);
}

/** Presses `button` in `canvas`; the alert dialog named `dialog` it opens says each of `question`. Returns that dialog. */
export async function openConfirm(canvas: Pick<Canvas, 'getByRole'>, userEvent: User, button: string, dialog: string, question: string | string[] = []) {
  await userEvent.click(canvas.getByRole('button', { name: button }));
  const confirm = await screen.findByRole('alertdialog', { name: dialog });
  for (const q of [question].flat()) await expect(confirm).toHaveTextContent(q);
  return confirm;
}

/**
 * Presses `button` in `canvas` and Delete in the alert dialog named `dialog` it opens, asking
 * nothing of what follows; returns that dialog (a refused delete keeps it open).
 */
export async function confirmDelete(canvas: Pick<Canvas, 'getByRole'>, userEvent: User, button: string, dialog: string) {
  const confirm = await openConfirm(canvas, userEvent, button, dialog);
  await pressIn(userEvent, confirm, 'Delete');
  return confirm;
}

/**
 * Deletes after the confirmation: presses `button`, the alert dialog named `dialog` says each of
 * `question`, Delete makes `deleted` hold (waited for), and, unless `waitClosed` is false, the
 * alert dialog closes. Cancel first is playConfirmDelete's (stories/helpers.ts).
 */
export async function deleteAfterAsking(
  canvas: Canvas,
  userEvent: User,
  o: { button: string; dialog: string; question: string | string[]; deleted: () => unknown; waitClosed?: boolean },
) {
  await pressIn(userEvent, await openConfirm(canvas, userEvent, o.button, o.dialog, o.question), 'Delete');
  await waitFor(o.deleted);
  if (o.waitClosed !== false) await expectNoDialog('alertdialog');
}

/**
 * Deletes after a question said in words: presses `button`, sees `question` on the screen,
 * presses Delete there, and waits until `deleted` holds.
 */
export async function deleteAfterQuestion(canvas: Canvas, userEvent: User, button: string, question: string, deleted: () => unknown) {
  await userEvent.click(canvas.getByRole('button', { name: button }));
  await expect(await screen.findByText(question)).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(deleted);
}

/**
 * Runs `run` as the step named `label` and returns what it gave (the dialog a step opened, for
 * the steps after it).
 * @param step - the play function's `step`.
 */
export async function stepValue<T>(step: (label: string, play: () => Promise<void>) => unknown, label: string, run: () => Promise<T>): Promise<T> {
  let value!: T;
  await step(label, async () => {
    value = await run();
  });
  return value;
}

/** One rule of a form, as a story checks it: the step's label, what the user does, the messages Save then shows. */
export type Rule = [label: string, act: (() => Promise<unknown>) | null, messages: string[]];

/**
 * A form's `rules` in turn, each the step named by its label: its act (typing into a field,
 * say; null: the form as it is), then {@link saveExpecting} its messages in `scope`.
 * @param step - the play function's `step`.
 */
export async function stepRules(step: (label: string, play: () => Promise<void>) => unknown, userEvent: User, scope: HTMLElement, rules: Rule[]) {
  for (const [label, act, messages] of rules)
    await step(label, async () => {
      await act?.();
      await saveExpecting(userEvent, scope, messages);
    });
}

/**
 * The Add story of a list whose Add button opens a form and whose args hold an `onCreate` spy:
 * {@link stepOpenAt} (`button`, the caret in `caret`), then the step `label`: `o.type`'s fields
 * typed ({@link typeFields}), `o.then(dialog)` done, and {@link saveAndClose}, after which
 * `onCreate` was called with `o.created` (waited for).
 */
export function addStory(
  button: string,
  caret: string,
  label: string,
  o: { type?: Record<string, string>; then?: (dialog: HTMLElement, userEvent: User) => Promise<unknown>; created: unknown },
) {
  return {
    play: async ({ canvas, userEvent, args, step }: Pick<StoryContext, 'canvas' | 'userEvent' | 'step'> & { args: { onCreate: unknown } }) => {
      const dialog = await stepOpenAt(step, canvas, userEvent, button, caret);
      await step(label, async () => {
        if (o.type) await typeFields(userEvent, dialog, o.type);
        await o.then?.(dialog, userEvent);
        await saveAndClose(userEvent, dialog, () => expect(args.onCreate).toHaveBeenCalledWith(o.created));
      });
    },
  };
}

/**
 * The story of a save the server refuses: the spy arg `spy` rejects with `message`; the step
 * `open[0]` opens the dialog by its button `open[1]` (named `open[2]`, the button by default);
 * the step `fill[0]` runs `fill[1]` on it and presses Save, and the spy is called once; then the
 * step `kept[0]` finds Save enabled again, the dialog still open and its field `kept[1]` holding
 * `kept[2]`.
 */
export function refusedKeepsDialogStory<K extends string>(
  spy: K,
  message: string,
  o: {
    open: [label: string, button: string, name?: string];
    fill: [label: string, act: (dialog: HTMLElement, userEvent: User) => Promise<unknown>];
    kept: [label: string, field: string, value: string];
  },
) {
  return {
    args: { [spy]: fn(() => Promise.reject(new Error(message))) } as Record<K, ReturnType<typeof fn>>,
    play: async ({ canvas, userEvent, args, step }: Pick<StoryContext, 'canvas' | 'userEvent' | 'step' | 'args'>) => {
      const [openLabel, ...button] = o.open;
      const dialog = await stepValue(step, openLabel, () => openDialog(canvas, userEvent, ...button));
      await step(o.fill[0], async () => {
        await o.fill[1](dialog, userEvent);
        await pressIn(userEvent, dialog);
        await waitFor(() => expect(args[spy]).toHaveBeenCalledTimes(1));
      });
      await step(o.kept[0], async () => {
        await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
        await expect(dialog).toBeVisible();
        await expect(within(dialog).getByLabelText(o.kept[1])).toHaveValue(o.kept[2]);
      });
    },
  };
}
