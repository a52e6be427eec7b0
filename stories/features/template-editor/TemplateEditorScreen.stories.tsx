import preview from '../../../.storybook/preview';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { TemplateEditorScreen } from '../../../src/features/template-editor/screens/TemplateEditorScreen';
import { PanelSlotsProvider } from '../../../src/ui';
import { useUndoRedoShortcuts } from '../../../src/editor';
import { pagePanelSlots } from '../../../src/features/page-editor/panel-slots';
import * as fx from '../../../tests/fixtures/demo';
import { snapshot, storeOf } from '../../helpers';
import { framePortReady, fromFrame, recordFrameChannel } from './frame-channel';
import { AtRoute, renderAt, screenHandlers, storyUser } from '../../screens';

/**
 * The page rendered with `data-edit` marks, as the publish renderer marks them (the story's
 * stand-in for `POST /api/v1/preview`).
 */
const markedPreview = http.post('/api/v1/preview', async ({ request }) => {
  const { page } = (await request.json()) as { page: { meta: { headline?: string } } };
  return new HttpResponse(
    `<!doctype html><html lang="en"><head><title>Checkout</title></head><body><h1 data-edit="headline">${page.meta.headline ?? ''}</h1><img data-edit="heroImage" alt="" src=""></body></html>`,
    { headers: { 'Content-Type': 'text/html' } },
  );
});

/** The last save the story's server knows of the page: the fixture's own, until the story saves. */
const FIXTURE_SAVE = { at: '2026-05-02T09:30:00.000Z', name: 'Oscar Operator' };
let lastSaved = FIXTURE_SAVE;

/**
 * The page's newest audit entry, which the last-save marker reads (`GET
 * /api/v1/funnels/{id}/audit_log?doc=page:<id>&limit=1`): a save of the page (the
 * PATCH, answered by the next handler) makes the signed-in user its author, now.
 */
const lastSaveHandlers = [
  http.patch('/api/v1/pages/:id', () => {
    lastSaved = { at: new Date().toISOString(), name: storyUser.name };
  }),
  http.get('/api/v1/funnels/:id/audit_log', ({ params, request }) => {
    const doc = new URL(request.url).searchParams.get('doc');
    if (!doc?.startsWith('page:')) return undefined;
    return HttpResponse.json([
      {
        ID: 900,
        funnel_id: Number(params.id),
        CreatedAt: lastSaved.at,
        type: 'diff',
        title: 'Edit text headline',
        message: '',
        task_url: '',
        doc,
        ops: [],
        inverse: [],
        version: 2,
        user: { name: lastSaved.name },
        user_id: 2,
        system: true,
        deletable: false,
      },
    ]);
  }),
];

/**
 * /template-editor/{id} (001 §2 "Template editor"): the page read from the API into the editor,
 * rendered in a sandboxed frame whose runtime makes its marks editable (the in-frame edit itself
 * is exercised end to end in tests/e2e/template-editor.e2e.ts: a story's play function cannot
 * reach into an opaque-origin frame, which is the point of the sandbox), with the side drawer,
 * the device toggle, Back and the last-save marker.
 */
/** The undo/redo keys, as the app shell's editor bar binds them on every editing route. */
function Shortcuts({ children }: { children: ReactNode }) {
  useUndoRedoShortcuts();
  return children;
}

const meta = preview.meta({
  title: 'Template editor/TemplateEditorScreen',
  component: TemplateEditorScreen,
  render: () => (
    <PanelSlotsProvider value={pagePanelSlots}>
      <Shortcuts>
        <AtRoute path="/template-editor/:id" url={`/template-editor/${fx.checkoutPage.ID}`}>
          <TemplateEditorScreen />
        </AtRoute>
      </Shortcuts>
    </PanelSlotsProvider>
  ),
  parameters: { msw: { handlers: [markedPreview, ...lastSaveHandlers, ...screenHandlers()] } },
  beforeEach: () => {
    lastSaved = FIXTURE_SAVE;
  },
});

const frameOf = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLIFrameElement>('iframe[title^="Template editor"]');

/**
 * The checkout opens: its template's tabs in the drawer, the page in a frame sandboxed with
 * scripts but without the app's origin, the way to edit said, and the device toggle resizing the
 * frame; Back leads to the funnel's pages.
 */
export const Checkout = meta.story({
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    const back = await canvas.findByRole('link', { name: 'Back to GlowSkin Summer' }, { timeout: 5000 });
    await step('The page opens with its last save as the server keeps it, and the way to edit said', async () => {
      await waitFor(() => expect(canvas.getByRole('status', { name: 'Last save' })).toHaveTextContent('Last saved May 2, 2026, 9:30 AM by Oscar Operator'));
      await expect(
        await canvas.findByText('Click a text to edit it in place; click an image or a block to edit it in the drawer.', {}, { timeout: 5000 }),
      ).toBeVisible();
    });
    await step("The drawer has the tabs of the template's meta keys only", async () => {
      const tabs = canvas.getByRole('tablist');
      // The template's meta has `products` only: its tabs, and not those of keys it lacks.
      for (const name of ['Products', 'Meta', 'CSS', 'Javascript']) await expect(within(tabs).getByRole('tab', { name })).toBeVisible();
      for (const name of ['Page SEO', 'Lists', 'Shipping']) await expect(within(tabs).queryByRole('tab', { name })).toBeNull();
    });
    await step('The frame is sandboxed with scripts only', async () => {
      const frame = frameOf(canvasElement);
      await expect(frame).not.toBeNull();
      // Scripts for the editor's runtime, and never the app's origin with them.
      await expect(frame!.getAttribute('sandbox')).toBe('allow-scripts');
      await expect(frame!.srcdoc).toMatch(/<script src="[^"]+"><\/script>/);
    });
    await step('Mobile resizes the frame', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
      await waitFor(() => expect(frameOf(canvasElement)?.dataset.device).toBe('mobile'));
    });
    await step("Back goes to the funnel's pages", async () => {
      await userEvent.click(back);
      await expect(await canvas.findByText('Navigated to /funnels/1/pages')).toBeVisible();
    });
  },
});

/**
 * A save of the page moves the last-save marker: read again from the server (which keeps it for
 * every operator), it names the time and who saved; nothing is kept in this browser.
 */
export const SaveSetsTheMarker = meta.story({
  play: async ({ canvas, loaded, userEvent, step }) => {
    const store = storeOf(loaded);
    const tabs = await canvas.findByRole('tablist', {}, { timeout: 5000 });
    await step('Edit the CSS and apply it', async () => {
      await userEvent.click(within(tabs).getByRole('tab', { name: 'CSS' }));
      await userEvent.click(await canvas.findByRole('textbox', { name: 'CSS' }, { timeout: 10_000 }));
      await userEvent.paste('h1 { color: red; }');
      await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(store.getState().undoLabel).toBe('Edit CSS'));
    });
    await step('Save: the marker shows this save, read from the server', async () => {
      await expect(canvas.getByRole('status', { name: 'Last save' })).toHaveTextContent(/by Oscar Operator$/);
      const r = await store.actions.save();
      await expect(r.ok).toBe(true);
      await waitFor(() => expect(canvas.getByRole('status', { name: 'Last save' })).toHaveTextContent(/^Last saved .+ by Ada Admin$/));
      await expect(canvas.getByRole('status', { name: 'Last save' }).querySelector('time')?.dateTime).toBe(lastSaved.at);
      await expect(Object.keys(localStorage).filter((k) => k.includes('last-save'))).toEqual([]);
    });
  },
});

/** A locked funnel: the page shows, the drawer is read-only, and the editor says why nothing starts. */
export const Locked = meta.story({
  parameters: {
    msw: {
      handlers: [
        markedPreview,
        ...lastSaveHandlers,
        http.get('/api/v1/funnels/:id', () => HttpResponse.json({ ...fx.funnel, locked: true })),
        ...screenHandlers(),
      ],
    },
  },
  play: async ({ canvas, step }) => {
    await step('The lock is said', async () => {
      await expect(await canvas.findByText('This funnel is locked: the page can be looked at, not edited.', {}, { timeout: 5000 })).toBeVisible();
    });
    await step('The page still shows', async () => {
      await expect(frameOf(canvas.getByRole<HTMLElement>('region', { name: 'Template editor' }))).not.toBeNull();
    });
  },
});

/** Without a valid page id the route leads to the funnels (001 §2). */
export const NoPageId = meta.story({
  render: renderAt('/template-editor/:id', <TemplateEditorScreen />, '/template-editor/abc'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /funnels')).toBeVisible();
  },
});

/**
 * An edit in the frame becomes one command: the frame's runtime says ready (the handshake ran),
 * a text session shows in the status line, the proposed text is cleaned (tags and the script
 * gone) and recorded as 'Edit text headline'; a proposal for a path not offered as text records
 * nothing; the frame's Ctrl+Z and Ctrl+Shift+Z undo and redo it exactly; an image picked in the
 * frame opens the gallery and the pick is one command.
 */
export const InFrameEdit = meta.story({
  beforeEach: recordFrameChannel,
  play: async ({ canvas, loaded, userEvent, step }) => {
    const store = storeOf(loaded);
    const doc = `page:${fx.checkoutPage.ID}` as const;
    await step('the frame says ready and gets its port', async () => {
      await canvas.findByRole('tablist', {}, { timeout: 5000 });
      await framePortReady();
      // The page is rendered (the frame has its editable paths).
      await expect(
        await canvas.findByText('Click a text to edit it in place; click an image or a block to edit it in the drawer.', {}, { timeout: 5000 }),
      ).toBeVisible();
    });
    const before = snapshot(store, doc);
    await step('a text session, then its proposal: cleaned, one command', async () => {
      fromFrame({ type: 'session', path: 'headline', phase: 'start' });
      await expect(await canvas.findByText('Editing headline: Enter or click outside to keep the text, Escape to cancel.')).toBeVisible();
      fromFrame({ type: 'session', path: 'headline', phase: 'end' });
      fromFrame({ type: 'propose', seq: 1, path: 'headline', value: 'Pick <b>yours</b><script>alert(1)</script> today' });
      await waitFor(() => expect(store.getState().undoLabel).toBe('Edit text headline'));
      await expect(store.getState().undoCount).toBe(1);
      await expect(snapshot(store, doc).meta.headline).toBe('Pick yours today');
    });
    const edited = snapshot(store, doc);
    await step('what was not offered as text records nothing', async () => {
      fromFrame({ type: 'propose', seq: 2, path: 'heroImage', value: 'https://evil.example/x.png' });
      fromFrame({ type: 'propose', seq: 3, path: '__proto__.polluted', value: 'x' });
      fromFrame({ type: 'eval', code: 'alert(1)' });
      await expect(store.getState().undoCount).toBe(1);
      await expect(snapshot(store, doc)).toEqual(edited);
    });
    await step("the frame's undo and redo keys work on the one history, exactly", async () => {
      fromFrame({ type: 'hotkey', action: 'undo' });
      await waitFor(() => expect(snapshot(store, doc)).toEqual(before));
      fromFrame({ type: 'hotkey', action: 'redo' });
      await waitFor(() => expect(snapshot(store, doc)).toEqual(edited));
    });
    await step('an image picked in the frame opens the gallery; the pick is one command', async () => {
      fromFrame({ type: 'selected', path: 'heroImage', kind: 'image', rect: { x: 0, y: 0, width: 10, height: 10 } });
      // Titled in words, not with the meta path.
      const dialog = await screen.findByRole('dialog', { name: 'Choose an image for Hero image' }, { timeout: 5000 });
      await userEvent.click(await within(dialog).findByRole('radio', { name: /serum-bottle\.svg/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Use image' }));
      await waitFor(() => expect(store.getState().undoLabel).toBe('Change hero image'));
      await expect(snapshot(store, doc).meta.heroImage).toBe('/uploads/1/serum-bottle.svg');
    });
  },
});
