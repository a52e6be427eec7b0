/**
 * Play-function helpers for the page-editor side panel stories: one operator step checked
 * against the command-log contract, "nothing was recorded", and a keyboard drag.
 */
import { expect, waitFor } from 'storybook/test';
import type { DocId, EditorStore } from '../../../src/editor';
import { expectUndoRedo, snapshot } from '../../helpers';

const tick = (ms = 80) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one operator action `act` and checks it became exactly one new undo step: undo gives
 * the document exactly as before the step, redo the edited one; then {@link expectUndoRedo}
 * from the story's `start` (undo all / redo all) checks that replaying every recorded command
 * reproduces it. @returns the page's meta after the step.
 */
export async function step(store: EditorStore, doc: DocId, start: unknown, act: () => Promise<unknown>) {
  const prev = snapshot(store, doc);
  const n = store.getState().past.length;
  await act();
  await waitFor(() => expect(store.getState().past).toHaveLength(n + 1));
  const after = snapshot(store, doc);
  await expect(after).not.toEqual(prev);
  store.actions.undo();
  await expect(snapshot(store, doc)).toEqual(prev);
  store.actions.redo();
  await expect(snapshot(store, doc)).toEqual(after);
  await expectUndoRedo(store, doc, start,
    async () => { while (store.actions.undo()) { /* back to the story's start */ } },
    async () => { while (store.actions.redo()) { /* forward to the latest edit */ } });
  await tick(0); // let React commit the redone document before the story queries the DOM again
  return snapshot(store, doc).meta;
}

/** Asserts the document still equals `before` and no undo step was added since `entries`. */
export async function expectNothingRecorded(store: EditorStore, doc: DocId, before: unknown, entries: number) {
  await expect(snapshot(store, doc)).toEqual(before);
  await expect(store.getState().past).toHaveLength(entries);
}

/**
 * Drags with the keyboard as an operator does: focus the handle, Space to pick up, the given
 * arrow keys, then `drop` ('[Space]' to drop, '[Escape]' to cancel). Pauses between keys
 * let dnd-kit measure the rows.
 */
export async function keyboardDrag(
  user: { keyboard: (text: string) => Promise<void> },
  handle: HTMLElement,
  arrows: string[],
  drop: '[Space]' | '[Escape]' = '[Space]',
) {
  handle.focus();
  await expect(handle).toHaveFocus();
  await user.keyboard('[Space]');
  await tick();
  for (const a of arrows) {
    await user.keyboard(a);
    await tick();
  }
  await user.keyboard(drop);
  await tick();
}
