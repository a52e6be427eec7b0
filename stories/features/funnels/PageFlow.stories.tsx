import preview from '../../../.storybook/preview';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PageFlow } from '../../../src/features/funnels/components/PageFlow';
import { pages as fixturePages, funnel } from '../../../tests/fixtures/demo';
import type { FlowProblem, FunnelLayout, Page } from '../../../src/model';
import type { EditorStore } from '../../../src/editor';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';

const layout: FunnelLayout = { funnel_id: 1, positions: {}, version: 0 };
/** The fixture funnel, its next/skip links made plain: presell → checkout → upsell (skip: none) → thank you. */
const pages: Page[] = fixturePages.map((p) => (p.ID === 12 ? { ...p, page_alt_id: null } : p));
const docs = Object.fromEntries(pages.map((p) => [`page:${p.ID}`, p]));

const meta = preview.meta({
  title: 'Funnels/PageFlow',
  component: PageFlow,
  args: {
    funnelId: 1,
    pages,
    indexPageId: 11,
    layout,
    problems: [],
    onClone: fn(),
    onRedirect: fn(),
    onSettings: fn(),
    onDelete: fn(),
  },
  parameters: { editorDocs: { ...docs, 'funnel:1': funnel } },
});

const nodeOf = (root: HTMLElement, id: number) => root.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)!;
const handleOf = (root: HTMLElement, id: number, handle: 'in' | 'next' | 'skip') =>
  nodeOf(root, id).querySelector<HTMLElement>(`.react-flow__handle[data-handleid="${handle}"]`)!;
const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

/** A mouse drag as React Flow reads it (mousedown on the element, moves on the document, mouseup at the end). */
async function drag(from: Element | null, to: { x: number; y: number }) {
  // Let React Flow render the last change (an undo/redo re-renders edges a frame later).
  await settle();
  if (!from) throw new Error('Nothing to drag from');
  const a = centre(from);
  const opts = (p: { x: number; y: number }) => ({ bubbles: true, cancelable: true, clientX: p.x, clientY: p.y, button: 0, buttons: 1, view: window });
  from.dispatchEvent(new MouseEvent('mousedown', opts(a)));
  for (let i = 1; i <= 8; i++) {
    const p = { x: a.x + ((to.x - a.x) * i) / 8, y: a.y + ((to.y - a.y) * i) / 8 };
    document.dispatchEvent(new MouseEvent('mousemove', opts(p)));
    await new Promise((r) => setTimeout(r, 16));
  }
  const target = document.elementFromPoint(to.x, to.y) ?? document;
  target.dispatchEvent(new MouseEvent('mouseup', { ...opts(to), buttons: 0 }));
  document.dispatchEvent(new MouseEvent('mouseup', { ...opts(to), buttons: 0 }));
  await new Promise((r) => setTimeout(r, 50));
}

const page = (store: EditorStore, id: number) => snapshot<Page>(store, `page:${id}` as const);
/** A few frames' time (timers, not animation frames: those pause when the runner's tab is in the background). */
const settle = () => new Promise((r) => setTimeout(r, 60));
const viewport = (root: HTMLElement) => root.querySelector('.react-flow__viewport')?.getAttribute('style') ?? '';
/** Every node rendered and measured, and the viewport still (fitView runs after the nodes are measured). */
const ready = async (root: HTMLElement, count: number) => {
  await waitFor(() => expect(root.querySelectorAll('.react-flow__node')).toHaveLength(count), { timeout: 8000 });
  await waitFor(
    async () => {
      for (const n of root.querySelectorAll<HTMLElement>('.react-flow__node')) await expect(n.style.visibility).toBe('visible');
    },
    { timeout: 8000 },
  );
  let last = '';
  await waitFor(
    async () => {
      const now = viewport(root);
      const still = now === last && /scale\(/.test(now);
      last = now;
      await settle();
      await expect(still).toBe(true);
    },
    { timeout: 8000, interval: 50 },
  );
};

/** The story's editor store once the demo funnel's four pages are {@link ready}. */
const readyStore = async (root: HTMLElement, loaded: unknown) => {
  const store = storeOf(loaded);
  await ready(root, 4);
  return store;
};

/** A linear funnel laid out automatically: one 150 × 50 node per page, the index page tagged, a labelled edge per link. */
export const Linear = meta.story({
  play: async ({ canvasElement, step }) => {
    await ready(canvasElement, 4);
    await step('The checkout is the index page, a 150 × 50 node', async () => {
      const checkout = nodeOf(canvasElement, 11);
      await expect(checkout).toHaveAccessibleName('Checkout, checkout page, /checkout/, index page');
      await expect(within(checkout).getByText('Index')).toBeVisible();
      const box = checkout.getBoundingClientRect();
      const zoom = Number(/scale\(([\d.]+)\)/.exec(canvasElement.querySelector('.react-flow__viewport')!.getAttribute('style')!)![1]);
      await expect(Math.round(box.width / zoom)).toBe(150);
      await expect(Math.round(box.height / zoom)).toBe(50);
    });
    await step("The edges follow the pages' next pages", async () => {
      await expect([...canvasElement.querySelectorAll('.react-flow__edge')].map((e) => e.getAttribute('aria-label'))).toEqual([
        'Next page of Presell article: Checkout',
        'Next page of Checkout: Night cream upsell',
        'Next page of Night cream upsell: Thank you',
      ]);
    });
    await step('Upsells have a skip handle; a checkout does not', async () => {
      await expect(handleOf(canvasElement, 12, 'skip')).toBeInTheDocument();
      await expect(nodeOf(canvasElement, 11).querySelector('[data-handleid="skip"]')).toBeNull();
    });
  },
});

/** Connecting the main handle sets the next page; the second handle the skip page; each is one undoable command. */
export const Connect = meta.story({
  play: async ({ canvasElement, loaded, step }) => {
    const store = await readyStore(canvasElement, loaded);
    const before = page(store, 10);
    await step("Drag the presell's next handle to the upsell: undoable", async () => {
      await drag(handleOf(canvasElement, 10, 'next'), centre(handleOf(canvasElement, 12, 'in')));
      await waitFor(() => expect(page(store, 10).page_id).toBe(12));
      await expect(store.getState().past.at(-1)?.label).toBe('Set next page of Presell article to Night cream upsell');
      await expectUndoRedo(store, 'page:10', before);
    });
    await step("Drag the upsell's skip handle to the checkout: undoable", async () => {
      const upsell = page(store, 12);
      await waitFor(() =>
        expect(canvasElement.querySelector('.react-flow__edge[data-id="next:10"]')).toHaveAttribute(
          'aria-label',
          'Next page of Presell article: Night cream upsell',
        ),
      );
      await drag(handleOf(canvasElement, 12, 'skip'), centre(handleOf(canvasElement, 11, 'in')));
      await waitFor(() => expect(page(store, 12)).toMatchObject({ page_id: 13, page_alt_id: 11 }));
      await waitFor(() => expect(canvasElement.querySelector('.react-flow__edge[data-id="skip:12"]')).toBeTruthy());
      await expectUndoRedo(store, 'page:12', upsell);
    });
  },
});

/** Dragging an arrow's end to another page moves the link; dropping it on the empty canvas clears it. */
export const ReconnectAndDropLoose = meta.story({
  play: async ({ canvasElement, loaded, step }) => {
    const store = await readyStore(canvasElement, loaded);
    const before = page(store, 10);
    const end = () => canvasElement.querySelector('.react-flow__edge[data-id="next:10"] .react-flow__edgeupdater-target')!;
    await step("Move an edge's end to another page: undoable", async () => {
      await drag(end(), centre(handleOf(canvasElement, 12, 'in')));
      await waitFor(() => expect(page(store, 10).page_id).toBe(12));
      await expectUndoRedo(store, 'page:10', before);
    });
    await step("Drop an edge's end on the pane: the next page is cleared, undoable", async () => {
      const moved = page(store, 10);
      await waitFor(() => expect(end()).toBeTruthy());
      // Empty pane well away from its edges: near an edge React Flow pans the view while the end
      // is dragged, by as much as the drag's timing gives (the picture then differs run to run).
      const pane = canvasElement.querySelector('.react-flow__pane')!.getBoundingClientRect();
      await drag(end(), { x: pane.left + 150, y: pane.top + pane.height / 2 });
      await waitFor(() => expect(page(store, 10).page_id).toBeNull());
      await expect(store.getState().past.at(-1)?.label).toBe('Clear next page of Presell article');
      await expectUndoRedo(store, 'page:10', moved);
    });
  },
});

/**
 * A page's body is a drop target too (the help text says "to another page"): a new link dropped
 * on a page's body sets it, an arrow's end dropped on a page's body moves it; both undoable.
 */
export const DropOnPageBody = meta.story({
  play: async ({ canvasElement, loaded, step }) => {
    const store = await readyStore(canvasElement, loaded);
    const before = page(store, 10);
    await step("Drag the presell's next handle onto the upsell's body: its next page, undoable", async () => {
      await drag(handleOf(canvasElement, 10, 'next'), centre(nodeOf(canvasElement, 12)));
      await waitFor(() => expect(page(store, 10).page_id).toBe(12));
      await expect(store.getState().past.at(-1)?.label).toBe('Set next page of Presell article to Night cream upsell');
      await expectUndoRedo(store, 'page:10', before);
    });
    await step("Drag the arrow's end onto the thank-you page's body: the link moves, undoable", async () => {
      const moved = page(store, 10);
      const end = () => canvasElement.querySelector('.react-flow__edge[data-id="next:10"] .react-flow__edgeupdater-target');
      await waitFor(() =>
        expect(canvasElement.querySelector('.react-flow__edge[data-id="next:10"]')).toHaveAttribute(
          'aria-label',
          'Next page of Presell article: Night cream upsell',
        ),
      );
      await drag(end(), centre(nodeOf(canvasElement, 13)));
      await waitFor(() => expect(page(store, 10).page_id).toBe(13));
      await expect(store.getState().past.at(-1)?.label).toBe('Set next page of Presell article to Thank you');
      await expectUndoRedo(store, 'page:10', moved);
    });
  },
});

/**
 * The selected page's actions stay inside the canvas: the index page at the top edge gets them
 * below it (not cut off above the canvas), every action reachable without panning.
 */
export const ToolbarInsideCanvas = meta.story({
  args: { indexPageId: 10 },
  parameters: { editorDocs: { ...docs, 'funnel:1': { ...funnel, page_id: 10 } } },
  play: async ({ canvasElement, userEvent, args, step }) => {
    await ready(canvasElement, 4);
    const inside = async (el: Element) => {
      const r = el.getBoundingClientRect();
      const c = canvasElement.querySelector('.react-flow')!.getBoundingClientRect();
      await expect(r.top).toBeGreaterThanOrEqual(c.top);
      await expect(r.left).toBeGreaterThanOrEqual(c.left);
      await expect(r.bottom).toBeLessThanOrEqual(c.bottom);
      await expect(r.right).toBeLessThanOrEqual(c.right);
    };
    for (const [id, name] of [
      [10, 'Presell article'],
      [13, 'Thank you'],
    ] as const) {
      await step(`${name}: its actions are inside the canvas and do not cover the page`, async () => {
        nodeOf(canvasElement, id).focus();
        await userEvent.keyboard('{Enter}');
        const toolbar = await within(document.body).findByLabelText(`Actions of ${name}`);
        await waitFor(() => inside(toolbar));
        for (const b of within(toolbar).getAllByRole('button')) await inside(b);
        const t = toolbar.getBoundingClientRect();
        const n = nodeOf(canvasElement, id).getBoundingClientRect();
        await expect(t.bottom <= n.top || t.top >= n.bottom).toBe(true);
      });
    }
    await step("The index page's Settings is reachable at once", async () => {
      nodeOf(canvasElement, 10).focus();
      await userEvent.keyboard('{Enter}');
      const toolbar = await within(document.body).findByLabelText('Actions of Presell article');
      await userEvent.click(within(toolbar).getByRole('button', { name: 'Settings' }));
      await expect(args.onSettings).toHaveBeenCalledWith(expect.objectContaining({ ID: 10 }));
    });
  },
});

/** Reconnecting onto the page the other link points at swaps next and skip. */
export const ReconnectSwaps = meta.story({
  args: { pages: pages.map((p) => (p.ID === 12 ? { ...p, page_alt_id: 10 } : p)) },
  parameters: { editorDocs: { ...docs, 'page:12': { ...pages[2]!, page_alt_id: 10 }, 'funnel:1': funnel } },
  play: async ({ canvasElement, loaded, step }) => {
    const store = await readyStore(canvasElement, loaded);
    const before = page(store, 12);
    await step("The upsell's skip goes to the presell", async () => {
      await expect(canvasElement.querySelector('.react-flow__edge[data-id="skip:12"]')).toHaveAttribute(
        'aria-label',
        'Skip page of Night cream upsell: Presell article (skip)',
      );
    });
    await step('Drag its next end onto the presell: next and skip swap, undoable', async () => {
      const end = canvasElement.querySelector('.react-flow__edge[data-id="next:12"] .react-flow__edgeupdater-target')!;
      await drag(end, centre(handleOf(canvasElement, 10, 'in')));
      await waitFor(() => expect(page(store, 12)).toMatchObject({ page_id: 10, page_alt_id: 13 }));
      await expect(store.getState().past.at(-1)?.label).toBe('Swap next and skip page of Night cream upsell');
      await expectUndoRedo(store, 'page:12', before);
    });
  },
});

const splitPage: Page = {
  ...pages[0]!,
  ID: 14,
  name: 'Split A',
  page_type: 'split',
  page_path: '/split/',
  page_id: 10,
  page_alt_id: 11,
  template_id: null,
  split: [
    { uid: 'c1', type: 'match', param: 'utm_source', value: 'fb' },
    { uid: 'c2', type: 'percent', param: '', value: '30' },
  ],
  meta: {},
};

/** A split page: its skip arrow shows the match condition and the share, the next arrow the rest. */
export const Splits = meta.story({
  args: { pages: [splitPage, ...pages], indexPageId: 14 },
  parameters: { editorDocs: { ...docs, 'page:14': splitPage, 'funnel:1': { ...funnel, page_id: 14 } } },
  play: async ({ canvasElement, step }) => {
    await ready(canvasElement, 5);
    const labels = () => [...canvasElement.querySelectorAll('.react-flow__edge-textwrapper, .react-flow__edge-text')].map((e) => e.textContent).filter(Boolean);
    await step("The split's conditions label its edges", async () => {
      // Edge labels render once the edges are measured.
      await waitFor(() => expect(labels()).toEqual(expect.arrayContaining(['70%', 'utm_source = fb or 30%'])));
      await expect(canvasElement.querySelector('.react-flow__edge[data-id="skip:14"]')).toHaveAttribute(
        'aria-label',
        'Skip page of Split A: Checkout (utm_source = fb or 30%)',
      );
    });
  },
});

/** With the keyboard: a page's actions (shown when it is selected) set its next page, make it the index page; Ctrl+Z-able. */
export const KeyboardActions = meta.story({
  play: async ({ canvasElement, loaded, userEvent, step }) => {
    const store = await readyStore(canvasElement, loaded);
    await step("Set the thank-you page's next page from its toolbar: undoable", async () => {
      nodeOf(canvasElement, 13).focus();
      await userEvent.keyboard('{Enter}');
      const toolbar = await within(document.body).findByLabelText('Actions of Thank you');
      const before = page(store, 13);
      await userEvent.selectOptions(within(toolbar).getByLabelText('Next page of Thank you'), '10');
      await expect(page(store, 13).page_id).toBe(10);
      await expectUndoRedo(store, 'page:13', before);
    });
    await step('Make the presell the index page from its toolbar: undoable', async () => {
      nodeOf(canvasElement, 10).focus();
      await userEvent.keyboard('{Enter}');
      const presell = await within(document.body).findByLabelText('Actions of Presell article');
      const funnelBefore = snapshot(store, 'funnel:1');
      await userEvent.click(within(presell).getByRole('button', { name: 'Make index page' }));
      await expect(snapshot<{ page_id: number }>(store, 'funnel:1').page_id).toBe(10);
      await waitFor(() => expect(within(nodeOf(canvasElement, 10)).getByText('Index')).toBeVisible());
      await expectUndoRedo(store, 'funnel:1', funnelBefore);
    });
  },
});

/** A drag is one step in the layout document (every shown node's position kept), undone in one Ctrl+Z; no page changes. */
export const DragIsOneStep = meta.story({
  play: async ({ canvasElement, loaded, step }) => {
    const store = await readyStore(canvasElement, loaded);
    await step('The layout is loaded', async () => {
      await waitFor(() => expect(snapshot<FunnelLayout>(store, 'layout:1')).toEqual(layout));
    });
    await step('Drag a page: one undo entry, on the layout only', async () => {
      const node = nodeOf(canvasElement, 13);
      const at = centre(node);
      const steps = store.getState().past.length;
      await drag(node, { x: at.x + 80, y: at.y + 40 });
      await waitFor(() => expect(store.getState().past.length).toBe(steps + 1));
      const entry = store.getState().past.at(-1)!;
      await expect(entry.label).toBe('Move Thank you in the flow');
      await expect(entry.commands.map((c) => c.doc)).toEqual(['layout:1']);
    });
    await step('Every page has a position; undo restores the layout', async () => {
      const positions = snapshot<FunnelLayout>(store, 'layout:1').positions;
      await expect(Object.keys(positions).sort()).toEqual(['10', '11', '12', '13']);
      await expectUndoRedo(store, 'layout:1', layout);
    });
  },
});

const problems: FlowProblem[] = [
  { level: 'error', code: 'no-products', message: 'Checkout (/checkout/) has no products: add them in its Products panel', pageId: 11 },
  { level: 'warning', code: 'unreachable', message: 'No path reaches Thank you (/thank-you/)', pageId: 13 },
];

/** The pre-publish check beside the diagram: problem pages are marked, and a problem's link selects its page. */
export const WithProblems = meta.story({
  args: { problems },
  play: async ({ canvasElement, userEvent, step }) => {
    await ready(canvasElement, 4);
    let side!: HTMLElement;
    await step('The pre-publish check lists the problems, marked on the pages', async () => {
      side = canvasElement.querySelector<HTMLElement>('aside[aria-label="Pre-publish check"]')!;
      await expect(side).toHaveTextContent('Checkout (/checkout/) has no products');
      await expect(nodeOf(canvasElement, 11)).toHaveAccessibleName(/has an error$/);
      await expect(nodeOf(canvasElement, 13)).toHaveAccessibleName(/has a warning$/);
    });
    await step('Show page selects the page', async () => {
      await userEvent.click(within(side).getAllByText('Show page')[1]!);
      await waitFor(() => expect(nodeOf(canvasElement, 13)).toHaveClass('selected'));
    });
  },
});

/** Locked: nothing connects, moves or deletes; the page actions that change it are disabled. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvasElement, loaded, userEvent, args, step }) => {
    const store = await readyStore(canvasElement, loaded);
    await step('Handles do not connect, a drag changes nothing; Tidy up is disabled', async () => {
      await expect(handleOf(canvasElement, 10, 'next')).not.toHaveClass('connectable');
      await drag(handleOf(canvasElement, 10, 'next'), centre(handleOf(canvasElement, 12, 'in')));
      await expect(page(store, 10).page_id).toBe(11);
      await expect(within(canvasElement).getByRole('button', { name: 'Tidy up layout' })).toBeDisabled();
    });
    await step("The page's toolbar actions are disabled", async () => {
      nodeOf(canvasElement, 12).focus();
      await userEvent.keyboard('{Enter}');
      const toolbar = await within(document.body).findByLabelText('Actions of Night cream upsell');
      await expect(within(toolbar).getByRole('button', { name: 'Delete' })).toBeDisabled();
      await expect(within(toolbar).getByLabelText('Next page of Night cream upsell')).toBeDisabled();
    });
    await step('The Delete key deletes nothing, records nothing', async () => {
      await userEvent.keyboard('{Delete}');
      await expect(args.onDelete).not.toHaveBeenCalled();
      await expect(store.getState().past).toHaveLength(0);
    });
  },
});

/** Delete on a selected page asks first (the Pages tab's confirmation); Delete on a selected arrow clears the link. */
export const DeleteKeys = meta.story({
  play: async ({ canvasElement, loaded, userEvent, args, step }) => {
    const store = await readyStore(canvasElement, loaded);
    await step('Enter then Delete on a page asks to delete it', async () => {
      nodeOf(canvasElement, 13).focus();
      await userEvent.keyboard('{Enter}{Delete}');
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ ID: 13 })));
      await expect(canvasElement.querySelectorAll('.react-flow__node')).toHaveLength(4);
    });
    await step('Enter then Delete on an edge clears it: undoable', async () => {
      const before = page(store, 11);
      await userEvent.click(canvasElement.querySelector('.react-flow__pane')!);
      canvasElement.querySelector<HTMLElement>('.react-flow__edge[data-id="next:11"]')!.focus();
      await userEvent.keyboard('{Enter}{Delete}');
      await waitFor(() => expect(page(store, 11).page_id).toBeNull());
      await expectUndoRedo(store, 'page:11', before);
    });
  },
});

/** No pages: the seed's empty state. */
export const Empty = meta.story({
  args: { pages: [] },
  play: async ({ canvasElement, step }) => {
    await step('The empty state; Tidy up is disabled', async () => {
      await expect(await within(canvasElement).findByText('No Pages added')).toBeVisible();
      await expect(within(canvasElement).getByRole('button', { name: 'Tidy up layout' })).toBeDisabled();
    });
  },
});
