/**
 * What the template editor drawer's tab stories share: the code editor found once CodeMirror
 * has loaded, its text replaced as an operator does (select all, delete, paste: CodeMirror
 * keeps pace with a paste, not with typed keys), and the last undo step's label and paths.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { EditorStore } from '../../../src/editor';

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
