/**
 * Shared parts of the page-editor side panel stories: the meta and story factories every panel
 * story file is built from ({@link panelMeta}, {@link panelStory}), one operator step checked
 * against the command-log contract, "nothing was recorded", keyboard and mouse drags, and the
 * single `move` op a drop records.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { DocId, EditorStore } from '../../../src/editor';
import type { Page } from '../../../src/model';
import { preloadRichTextField } from '../../../src/ui';
import {
  checkoutPage,
  contentEmptyPage,
  contentFilledPage,
  contentInvalidPage,
  emptyCheckoutPage,
  extrasEmptyPage,
  extrasFilledPage,
  extrasInvalidPage,
  invalidCheckoutPage,
} from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';
import { at } from '../../../tests/at';

/** The editor document of a page. */
export const docOf = (id: number) => `page:${id}` as const;

/** The three pages a panel's stories start from: no keys of the panel yet, every key filled, each rule broken once. */
export interface PanelPages {
  empty: Page;
  filled: Page;
  invalid: Page;
}

/** Pages for the products panel (tests/fixtures checkout pages). */
export const CHECKOUT_PAGES: PanelPages = { empty: emptyCheckoutPage, filled: checkoutPage, invalid: invalidCheckoutPage };
/** Pages for the extras panels (warranty, size, addons, extras, template options). */
export const EXTRAS_PAGES: PanelPages = { empty: extrasEmptyPage, filled: extrasFilledPage, invalid: extrasInvalidPage };
/** Pages for the content panels (reviews, extra reviews, lists, shipping, slider). */
export const CONTENT_PAGES: PanelPages = { empty: contentEmptyPage, filled: contentFilledPage, invalid: contentInvalidPage };

/**
 * The meta a panel story file shares, to spread into its default export (which keeps its
 * literal `title` and `component`, as Storybook's indexer reads them): the filled page loaded
 * in the story's editor store, the panel unlocked, plus the panel's own `args`.
 */
export function panelMeta<A extends object = object>(pages: PanelPages, args?: A) {
  return {
    args: { pageId: pages.filled.ID, locked: false, ...(args as A) },
    parameters: { editorDocs: { [docOf(pages.filled.ID)]: pages.filled } },
  };
}

/** What a panel story's play function gets: the canvas, user and named `step` (Interactions panel) as Storybook gives them, the story's editor store, the page's document and its value at the start. */
export interface PanelPlayContext {
  canvas: StoryContext['canvas'];
  canvasElement: HTMLElement;
  userEvent: StoryContext['userEvent'];
  step: StoryContext['step'];
  store: EditorStore;
  doc: DocId<'page'>;
  start: any;
  /**
   * Clicks the control of role `role` named `name` as one undo step ({@link step}) and expects
   * each key of `sets` in the page's meta to be its value after it. @returns that meta.
   */
  clickStep: (role: 'button' | 'checkbox' | 'radio', name: string, sets: Record<string, unknown>) => Promise<any>;
}

/**
 * A panel story that starts from `page` (loaded in the editor store, shown by the panel): its
 * `play` gets the store, the document and a snapshot of it taken before any action; `extra`
 * holds what else is particular to the story (e.g. `args: { locked: true }`, msw handlers).
 */
export function panelStory<A extends object = object>(
  page: Page,
  play: (ctx: PanelPlayContext) => Promise<void>,
  extra: { args?: A; parameters?: Record<string, unknown> } = {},
) {
  const doc = docOf(page.ID);
  return {
    args: { pageId: page.ID, ...(extra.args as A) },
    parameters: { ...extra.parameters, editorDocs: { [doc]: page } },
    play: async (ctx: StoryContext) => {
      const store = storeOf(ctx.loaded);
      // Content panels fetch the rich-text editor (lexical) as they open: wait for it as a user
      // would, so a play acts on the editor and not on its placeholder.
      await preloadRichTextField();
      await waitFor(() => expect(within(ctx.canvasElement).queryByText('Loading the text editor…')).toBeNull());
      const start = snapshot(store, doc);
      const clickStep: PanelPlayContext['clickStep'] = async (role, name, sets) => {
        const m = await step(store, doc, start, () => ctx.userEvent.click(ctx.canvas.getByRole(role, { name })));
        for (const [key, value] of Object.entries(sets)) await expect(m[key]).toBe(value);
        return m;
      };
      await play({ canvas: ctx.canvas, canvasElement: ctx.canvasElement, userEvent: ctx.userEvent, step: ctx.step, store, doc, start, clickStep });
    },
  };
}

/**
 * Asserts the history holds exactly one entry (labelled `label`, unless undefined) of one
 * command whose ops are the single RFC 6902 `move` of meta array `key` from `from` to `to`.
 */
export async function expectOneMove(store: EditorStore, label: string | undefined, key: string, from: number, to: number) {
  const past = store.getState().past;
  await expect(past).toHaveLength(1);
  const entry = at(past, 0, 'history entry');
  if (label !== undefined) await expect(entry.label).toBe(label);
  await expect(entry.commands).toHaveLength(1);
  await expect(at(entry.commands, 0, 'command').ops).toEqual([{ op: 'move', from: `/meta/${key}/${from}`, path: `/meta/${key}/${to}` }]);
}

const tick = (ms = 80) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one operator action `act` and checks it became exactly one new undo step: undo gives
 * the document exactly as before the step, redo the edited one; then {@link expectUndoRedo}
 * from the story's `start` (undo all / redo all) checks that replaying every recorded command
 * reproduces it. @returns the page's meta after the step.
 */
export async function step(store: EditorStore, doc: DocId<'page'>, start: unknown, act: () => Promise<unknown>) {
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
  await expectUndoRedo(
    store,
    doc,
    start,
    () => {
      while (store.actions.undo()) {
        /* back to the story's start */
      }
    },
    () => {
      while (store.actions.redo()) {
        /* forward to the latest edit */
      }
    },
  );
  await tick(0); // let React commit the redone document before the story queries the DOM again
  return snapshot(store, doc).meta;
}

/**
 * Presses the button named `button` as one undo step ({@link step}); after it `listed(meta)` is
 * `left` and the last undo entry is labelled `label`. @returns the page's meta after it.
 */
export async function removeStep<M>(
  { canvas, userEvent, store, doc, start }: Pick<PanelPlayContext, 'canvas' | 'userEvent' | 'store' | 'doc' | 'start'>,
  button: string,
  label: string,
  listed: (meta: M) => unknown,
  left: unknown[],
) {
  const m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: button })));
  await expect(listed(m)).toEqual(left);
  await expect(store.getState().past.at(-1)?.label).toBe(label);
  return m;
}

/** Replaces a field's text as an operator does: clears it, then types `text` (user-event syntax, e.g. '{Enter}'). */
export async function retype(user: PanelPlayContext['userEvent'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

/** Asserts the document still equals `before` and no undo step was added since `entries`. */
export async function expectNothingRecorded(store: EditorStore, doc: DocId<'page'>, before: unknown, entries: number) {
  await expect(snapshot(store, doc)).toEqual(before);
  await expect(store.getState().past).toHaveLength(entries);
}

/**
 * Drags with the keyboard as an operator does, waiting on what the operator would see
 * rather than on fixed pauses (slow machines): focus the handle, Space to pick up (the
 * handle shows pressed), each arrow key until the screen-reader announcement names the
 * position `to` (1-based), then `drop` ('[Space]' drops, '[Escape]' cancels).
 */
export async function keyboardMove(
  user: { keyboard: (text: string) => Promise<void> },
  handle: HTMLElement,
  arrows: string[],
  to: number,
  drop: '[Space]' | '[Escape]' = '[Space]',
) {
  handle.focus();
  await expect(handle).toHaveFocus();
  await user.keyboard('[Space]');
  await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'), { timeout: 5000 });
  for (const a of arrows) {
    await new Promise((r) => setTimeout(r, 50));
    await user.keyboard(a);
  }
  const region = () => handle.ownerDocument.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
  await waitFor(() => expect(region()).toMatch(new RegExp(`moved to position ${to} of`)), { timeout: 5000 });
  await user.keyboard(drop);
  await waitFor(() => expect(handle).not.toHaveAttribute('aria-pressed', 'true'), { timeout: 5000 });
}

/**
 * The keyboard reorder each sortable list's story checks: the handle named `handle` picked up,
 * moved with `arrows` to position `to` (1-based) and cancelled with Escape records nothing;
 * the same drag dropped is one checked {@link step}. @returns the page's meta after the drop.
 */
export async function keyboardReorder({ canvas, userEvent, store, doc, start }: PanelPlayContext, handle: string, arrows: string[], to: number) {
  const button = () => canvas.getByRole('button', { name: handle });
  const entries = store.getState().past.length;
  await keyboardMove(userEvent, button(), arrows, to, '[Escape]');
  await expectNothingRecorded(store, doc, start, entries);
  return step(store, doc, start, () => keyboardMove(userEvent, button(), arrows, to));
}

/**
 * Drags `handle` with the mouse as an operator does: press it, move in small steps to the
 * viewport height `toY` (a little first, so the pointer sensor activates), release.
 */
export async function mouseDrag(user: PanelPlayContext['userEvent'], handle: HTMLElement, toY: number) {
  const from = handle.getBoundingClientRect();
  const x = from.left + from.width / 2;
  const y0 = from.top + from.height / 2;
  await user.pointer({ keys: '[MouseLeft>]', target: handle, coords: { clientX: x, clientY: y0 } });
  for (const y of [y0 + 6 * Math.sign(toY - y0), (y0 + toY) / 2, toY]) {
    await user.pointer({ target: handle, coords: { clientX: x, clientY: y } });
    await tick(60);
  }
  await user.pointer({ keys: '[/MouseLeft]', target: handle, coords: { clientX: x, clientY: toY } });
}
