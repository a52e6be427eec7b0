/**
 * React bindings of the command log: keyboard shortcuts (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z,
 * Ctrl+Y), useDoc, and the unsaved-changes prompt. Source: The command log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  EditorProvider,
  createEditorStore,
  useBeforeUnloadWhileDirty,
  useDoc,
  useEditor,
  useUndoRedoShortcuts,
  type DocId,
  type EditorStore,
} from '../../../src/editor';

const PAGE: DocId<'page'> = 'page:1';

function NameField() {
  useUndoRedoShortcuts();
  useBeforeUnloadWhileDirty();
  const page = useDoc(PAGE);
  const { edit } = useEditor();
  return (
    <input
      aria-label="Name"
      value={page?.name ?? ''}
      onChange={(e) =>
        edit(
          PAGE,
          'Edit name',
          (d) => {
            d.name = e.target.value;
          },
          { mergeKey: 'name' },
        )
      }
    />
  );
}

let store: EditorStore;
let clock = 0;
beforeEach(() => {
  clock = 0;
  store = createEditorStore({
    transport: { patch: (_doc, _ops, o) => Promise.resolve({ value: { ID: 1, name: 'saved', version: o.version + 1 }, version: o.version + 1 }) },
    now: () => (clock += 1000), // every edit is its own undo step
  });
  store.actions.load(PAGE, { ID: 1, name: 'Start', version: 1 }, 1);
  render(
    <EditorProvider store={store}>
      <NameField />
    </EditorProvider>,
  );
});
afterEach(cleanup);

const input = () => screen.getByLabelText<HTMLInputElement>('Name');
const type = (v: string) => fireEvent.change(input(), { target: { value: v } });

describe('useUndoRedoShortcuts', () => {
  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, and the field shows each value', () => {
    type('One');
    type('Two');
    expect(input().value).toBe('Two');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(input().value).toBe('One');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(input().value).toBe('Start');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(input().value).toBe('One');
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(input().value).toBe('Two');
  });

  it('Cmd+Z and Cmd+Shift+Z work on macOS', () => {
    type('One');
    fireEvent.keyDown(window, { key: 'z', metaKey: true });
    expect(input().value).toBe('Start');
    fireEvent.keyDown(window, { key: 'z', metaKey: true, shiftKey: true });
    expect(input().value).toBe('One');
  });

  it('routes Ctrl+Z pressed inside a text field to our history and stops the browser’s field undo', () => {
    type('One');
    input().focus();
    const notCancelled = fireEvent.keyDown(input(), { key: 'z', ctrlKey: true });
    expect(notCancelled).toBe(false); // preventDefault was called
    expect(input().value).toBe('Start');
    expect(store.getState().future).toHaveLength(1);
  });

  it('ignores plain z, Alt combinations and keys an inner editor already handled', () => {
    type('One');
    fireEvent.keyDown(window, { key: 'z' });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, altKey: true });
    const handled = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true });
    handled.preventDefault();
    window.dispatchEvent(handled);
    expect(input().value).toBe('One');
  });
});

describe('useBeforeUnloadWhileDirty', () => {
  it('asks before leaving only while something is unsaved', async () => {
    const leave = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leave()).toBe(true);
    type('One');
    expect(leave()).toBe(false);
    await act(async () => {
      await store.actions.save();
    });
    expect(store.actions.isDirty()).toBe(false);
    expect(leave()).toBe(true);
  });
});
