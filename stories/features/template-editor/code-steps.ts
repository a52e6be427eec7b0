/**
 * What the template editor drawer's tab stories share: the code editor found once CodeMirror
 * has loaded, its text replaced as an operator does (select all, delete, paste: CodeMirror
 * keeps pace with a paste, not with typed keys), and the last undo step's label and paths.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { DocId, EditorStore } from '../../../src/editor';
import { MSG } from '../../../src/model';
import { snapshot } from '../../helpers';
import { expectNothingRecorded, step as undoStep } from '../page-editor/panel-steps';

type Canvas = StoryContext['canvas'];
type User = StoryContext['userEvent'];

/** The code editor named `name`, once CodeMirror has loaded. */
export const codeEditor = (canvas: Canvas, name: string) => canvas.findByRole('textbox', { name }, { timeout: 10_000 });

/** Replaces a code editor's text: select all, delete, paste `text`; waits until the editor shows it. */
export async function setCode(user: User, editor: HTMLElement, text: string) {
  await user.click(editor);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
  if (text) await user.paste(text);
  await waitFor(() => expect(editor.textContent).toBe(text.replace(/\n/g, '')));
}

/** The last undo step: its label, how many commands it holds and the JSON Pointers its ops touch. */
export const lastCommand = (store: EditorStore) => {
  const entry = store.getState().past.at(-1)!;
  return { label: entry.label, commands: entry.commands.length, paths: entry.commands.flatMap((c) => c.ops.map((o) => o.path)) };
};

/**
 * The step `label`: after `o.before()` (opening its tab, say), the code editor named `name` is
 * found ({@link codeEditor}), it shows `o.text` (when given) and `o.shows(editor)` holds.
 * Returns the editor.
 * @param step - the play function's `step`.
 */
export async function stepCodeEditor(
  step: StoryContext['step'],
  label: string,
  canvas: Canvas,
  name: string,
  o: { before?: () => unknown; text?: string; shows?: (editor: HTMLElement) => unknown } = {},
) {
  let editor!: HTMLElement;
  await step(label, async () => {
    await o.before?.();
    editor = await codeEditor(canvas, name);
    if (o.text !== undefined) await expect(editor).toHaveTextContent(o.text);
    await o.shows?.(editor);
  });
  return editor;
}

/** What the code steps below use of a panel or drawer story's play context. */
export type CodeContext = Pick<StoryContext, 'canvas' | 'userEvent' | 'step'> & { store: EditorStore; doc: DocId<'page'>; start: unknown };

/** The Apply button of the code editor's tab. */
const apply = (canvas: Canvas) => canvas.getByRole('button', { name: 'Apply' });

/**
 * The step `label`: `code` pasted into `editor` ({@link setCode}) and applied is refused with the
 * seed's 'Not valid <language> code'; then `also()` holds and nothing is recorded
 * ({@link expectNothingRecorded}).
 */
export const stepRefusedCode = (
  { canvas, userEvent, step, store, doc, start }: CodeContext,
  label: string,
  editor: HTMLElement,
  code: string,
  language: 'css' | 'javascript',
  also?: () => unknown,
) =>
  step(label, async () => {
    await setCode(userEvent, editor, code);
    await userEvent.click(apply(canvas));
    await expect(await canvas.findByText(MSG.invalidCode(language))).toBeVisible();
    await also?.();
    await expectNothingRecorded(store, doc, start, 0);
  });

/**
 * The step `label`: `code` pasted into `editor` (no 'Not valid <o.unmarked> code' shown, when
 * given) and applied is one undo step labelled `undoLabel` that sets meta `key` to `code` and
 * touches nothing else; `o.also(meta)` holds of the meta after it.
 */
export const stepAppliedCode = (
  { canvas, userEvent, step, store, doc, start }: CodeContext,
  label: string,
  editor: HTMLElement,
  code: string,
  [key, undoLabel]: [key: 'css' | 'customJs', undoLabel: string],
  o: { unmarked?: 'css' | 'javascript'; also?: (meta: Record<string, unknown>) => unknown } = {},
) =>
  step(label, async () => {
    await setCode(userEvent, editor, code);
    if (o.unmarked) await expect(canvas.queryByText(MSG.invalidCode(o.unmarked))).toBeNull();
    const m = await undoStep(store, doc, start, () => userEvent.click(apply(canvas)));
    await expect(m[key]).toBe(code);
    await o.also?.(m);
    await expect(lastCommand(store)).toEqual({ label: undoLabel, commands: 1, paths: [`/meta/${key}`] });
  });

/**
 * The step `label`: undo gives the story's start again and `editor` shows `stored`; redo shows
 * `code` again (its line breaks aside).
 */
export const stepUndoRedoCode = ({ step, store, doc, start }: CodeContext, label: string, editor: HTMLElement, stored: string, code: string) =>
  step(label, async () => {
    store.actions.undo();
    await expect(snapshot(store, doc)).toEqual(start);
    await waitFor(() => expect(editor).toHaveTextContent(stored));
    store.actions.redo();
    await waitFor(() => expect(editor.textContent).toBe(code.replace(/\n/g, '')));
  });
