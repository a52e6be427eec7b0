/**
 * Whole panel stories that several panels tell alike: a sortable list reordered
 * ({@link reorderStory}, with the keyboard and the mouse drags and the handles it checks) and the
 * panel locked ({@link lockedStory}, with the drag a locked panel refuses).
 */
import { expect, waitFor } from 'storybook/test';
import type { Page } from '../../../src/model';
import { expectNothingRecorded, expectOneMove, keyboardReorder, mouseDrag, panelStory, step, type PanelPlayContext } from './panel-steps';

/** Waits until the handles named `<prefix> <item>` are those of `items`, in order (they follow a move). */
const expectHandles = (canvas: PanelPlayContext['canvas'], prefix: string, items: string[]) =>
  waitFor(() =>
    expect(canvas.getAllByRole('button', { name: new RegExp(`^${prefix} `) }).map((h) => h.getAttribute('aria-label'))).toEqual(
      items.map((item) => `${prefix} ${item}`),
    ),
  );

/**
 * A sortable list's reorder story, as two steps: `drag` (its label, and the drag, e.g.
 * {@link keyboardReorder} or {@link mouseReorder}, giving the page's meta) leaves the list that
 * `order[0]` reads equal to `order[1]`; then `recorded` (its label, then {@link expectOneMove}'s
 * label, meta key, from and to) holds, the handles named `<handles> <item>` follow that order
 * (when `handles` is given), and what `then` checks holds.
 */
export function reorderStory<M>(
  page: Page,
  o: {
    drag: [label: string, act: (ctx: PanelPlayContext) => Promise<M>];
    order: [read: (meta: M) => unknown, expected: string[]];
    recorded: [label: string, move: string | undefined, key: string, from: number, to: number];
    handles?: string;
    then?: (ctx: PanelPlayContext) => Promise<unknown>;
  },
) {
  return panelStory(page, async (ctx) => {
    await ctx.step(o.drag[0], async () => {
      const m = await o.drag[1](ctx);
      await expect(o.order[0](m)).toEqual(o.order[1]);
    });
    const [label, ...move] = o.recorded;
    await ctx.step(label, async () => {
      await expectOneMove(ctx.store, ...move);
      if (o.handles) await expectHandles(ctx.canvas, o.handles, o.order[1]);
      await o.then?.(ctx);
    });
  });
}

/**
 * The `drag` of a {@link reorderStory} done with the keyboard: the step 'Move <what> <way> with
 * the keyboard (Escape cancels first)' runs {@link keyboardReorder} on the handle named `handle`,
 * one arrow `way` to position `to`.
 */
export const keyboardDrag = (
  what: string,
  way: 'up' | 'down',
  handle: string,
  to: number,
): [string, (ctx: PanelPlayContext) => ReturnType<typeof keyboardReorder>] => [
  `Move ${what} ${way} with the keyboard (Escape cancels first)`,
  (ctx) => keyboardReorder(ctx, handle, [way === 'up' ? '[ArrowUp]' : '[ArrowDown]'], to),
];

/**
 * A panel's Locked story: the panel with `locked: true` at `page`'s start runs `steps` (label →
 * play, in order) as named steps; the last one tries to edit, and after it nothing was recorded
 * (the document as at the start, no undo step).
 */
export function lockedStory(page: Page, steps: Record<string, (ctx: PanelPlayContext) => Promise<unknown>>) {
  return panelStory(
    page,
    async (ctx) => {
      const all = Object.entries(steps);
      for (const [i, [label, play]] of all.entries())
        await ctx.step(label, async () => {
          await play(ctx);
          if (i === all.length - 1) await expectNothingRecorded(ctx.store, ctx.doc, ctx.start, 0);
        });
    },
    { args: { locked: true } },
  );
}

/** Tries a keyboard drag on a disabled `handle`: it cannot take focus, so Space, ArrowDown, Space start none. */
export async function tryKeyboardDrag(user: PanelPlayContext['userEvent'], handle: HTMLElement) {
  handle.focus();
  await expect(handle).not.toHaveFocus();
  await user.keyboard('[Space][ArrowDown][Space]');
}

/**
 * Drags the handle named `handle` with the mouse onto the handle named `target`, released at the
 * height `y` gives from the target's box: one checked {@link step}. @returns the page's meta after the drop.
 */
export async function mouseReorder({ canvas, userEvent, store, doc, start }: PanelPlayContext, handle: string, target: string, y: (box: DOMRect) => number) {
  const from = canvas.getByRole('button', { name: handle });
  const to = canvas.getByRole('button', { name: target }).getBoundingClientRect();
  return step(store, doc, start, () => mouseDrag(userEvent, from, y(to)));
}
