/**
 * The template editor's frame on its own (001 §2 "Template editor"; "The template
 * editor frame"), on a fresh editor store holding the checkout page and the preview call
 * mocked (msw): loading while the page renders, the rendering refused (its reason said), the
 * page shown in a frame sandboxed with scripts and without the app's origin, the device toggle,
 * a locked funnel. A play function cannot reach into the opaque-origin frame, so the frame's
 * side of the port is spoken here (as TemplateEditorScreen's InFrameEdit story does): a pick is
 * reported to `onSelect`, a text session shows in the status line, a proposal for a path the
 * page offered as text is one command, and a frame error is said.
 */
import preview from '../../../.storybook/preview';

import { http, HttpResponse } from 'msw';
import { neverAnswers } from '../../screens';
import { expect, fn, waitFor } from 'storybook/test';
import { TemplateFrame } from '../../../src/features/template-editor/components/TemplateFrame';
import { framePortReady, fromFrame, recordFrameChannel } from './frame-channel';
import { checkoutPage } from '../../../tests/fixtures/demo';
import { snapshot, storeOf } from '../../helpers';
import { boxed } from '../../boxed';

/** The page rendered with `data-edit` marks, as the publish renderer marks them. */
const markedPreview = http.post('/api/v1/preview', async ({ request }) => {
  const { page } = (await request.json()) as { page: { meta: { headline?: string } } };
  return new HttpResponse(
    `<!doctype html><html lang="en"><head><title>Checkout</title></head><body><h1 data-edit="headline">${page.meta.headline ?? ''}</h1><img data-edit="heroImage" alt="" src=""></body></html>`,
    { headers: { 'Content-Type': 'text/html' } },
  );
});

const meta = preview.meta({
  title: 'Template editor/TemplateFrame',
  component: TemplateFrame,
  args: { pageId: checkoutPage.ID, locked: false, onSelect: fn(), onDeviceChange: fn() },
  parameters: { editorDocs: { [`page:${checkoutPage.ID}`]: checkoutPage }, msw: { handlers: [markedPreview] } },
  render: boxed(TemplateFrame, { height: 520 }),
});

const READY = 'Click a text to edit it in place; click an image or a block to edit it in the drawer.';
const frameOf = (el: HTMLElement) => el.querySelector<HTMLIFrameElement>('iframe[title="Template editor: Checkout"]');

/** While the page renders: 'Loading the page…'. */
export const Loading = meta.story({
  parameters: { msw: { handlers: [neverAnswers('post', '/api/v1/preview')] } },
  play: async ({ canvas, step }) => {
    await step('Loading the page is said, no error', async () => {
      await expect(canvas.getByText('Loading the page…')).toBeVisible();
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});

/** The rendering is refused: the reason said as an alert, the status still loading. */
export const PreviewFails = meta.story({
  parameters: { msw: { handlers: [http.post('/api/v1/preview', () => HttpResponse.json({ message: 'Unknown layout vip' }, { status: 422 }))] } },
  play: async ({ canvas, step }) => {
    await step('The reason is said as an alert', async () => {
      await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Preview failed: Unknown layout vip');
    });
    await step('The status still says loading', async () => {
      await expect(canvas.getByText('Loading the page…')).toBeVisible();
    });
  },
});

/** Rendered: the way to edit said; the frame sandboxed with scripts only and loading just the runtime; Mobile resizes it and is reported. */
export const Ready = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('The way to edit is said', async () => {
      await expect(await canvas.findByText(READY, {}, { timeout: 5000 })).toBeVisible();
    });
    await step('The frame is sandboxed with scripts only and loads just the runtime', async () => {
      const frame = frameOf(canvasElement)!;
      await expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
      await expect(frame.srcdoc).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><script src="[^"]+"><\/script><\/head><body><\/body><\/html>$/);
    });
    await step('Mobile resizes the frame and is reported', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
      await expect(args.onDeviceChange).toHaveBeenCalledWith('mobile');
      await waitFor(() => expect(frameOf(canvasElement)?.dataset.device).toBe('mobile'));
    });
  },
});

/** A locked funnel: the page can be looked at, not edited. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This funnel is locked: the page can be looked at, not edited.', {}, { timeout: 5000 })).toBeVisible();
  },
});

/** The page is not in the editor store: nothing is rendered. */
export const NoPage = meta.story({
  args: { pageId: 999 },
  play: async ({ canvasElement, step }) => {
    await step('Nothing is rendered', async () => {
      await expect(canvasElement.querySelector('iframe')).toBeNull();
      await expect(canvasElement.textContent).toBe('');
    });
  },
});

/** The frame speaks: a pick goes to onSelect, a text session is said, an offered text is one command, a bad path nothing, an error is said. */
export const FrameMessages = meta.story({
  beforeEach: recordFrameChannel,
  play: async ({ canvas, loaded, args, step }) => {
    const store = storeOf(loaded);
    const doc = `page:${checkoutPage.ID}` as const;
    await step('the frame says ready and gets its port', async () => {
      await framePortReady();
      await expect(await canvas.findByText(READY, {}, { timeout: 5000 })).toBeVisible();
    });
    await step('a pick in the frame is reported', async () => {
      fromFrame({ type: 'selected', path: 'heroImage', kind: 'image', rect: { x: 0, y: 0, width: 10, height: 10 } });
      await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith({ path: 'heroImage', kind: 'image' }));
      fromFrame({ type: 'selected', path: null, kind: null, rect: null });
      await waitFor(() => expect(args.onSelect).toHaveBeenLastCalledWith(null));
    });
    const before = snapshot(store, doc);
    await step('a text session and its proposal: one command, cleaned', async () => {
      fromFrame({ type: 'session', path: 'headline', phase: 'start' });
      await expect(await canvas.findByText('Editing headline: Enter or click outside to keep the text, Escape to cancel.')).toBeVisible();
      fromFrame({ type: 'session', path: 'headline', phase: 'end' });
      await expect(await canvas.findByText(READY)).toBeVisible();
      fromFrame({ type: 'propose', seq: 1, path: 'headline', value: 'Pick <b>yours</b> today' });
      await waitFor(() => expect(store.getState().undoLabel).toBe('Edit text headline'));
      await expect(snapshot(store, doc).meta.headline).toBe('Pick yours today');
      store.actions.undo();
      await expect(snapshot(store, doc)).toEqual(before);
      store.actions.redo();
      await expect(snapshot(store, doc).meta.headline).toBe('Pick yours today');
    });
    await step('a path not offered as text records nothing; a frame error is said', async () => {
      const edited = snapshot(store, doc);
      fromFrame({ type: 'propose', seq: 2, path: 'heroImage', value: 'https://evil.example/x.png' });
      await expect(store.getState().undoCount).toBe(1);
      await expect(snapshot(store, doc)).toEqual(edited);
      fromFrame({ type: 'error', message: 'The editor could not start: Lexical failed to load' });
      await expect(await canvas.findByRole('alert')).toHaveTextContent('The editor could not start: Lexical failed to load');
    });
  },
});
