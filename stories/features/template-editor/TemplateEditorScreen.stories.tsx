import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { TemplateEditorScreen } from '../../../src/features/template-editor/screens/TemplateEditorScreen';
import { PanelSlotsProvider } from '../../../src/ui';
import { pagePanelSlots } from '../../../src/features/page-editor/panel-slots';
import * as fx from '../../../tests/fixtures/demo';
import { storeOf } from '../../helpers';
import { AtRoute, screenHandlers } from '../../screens';

/**
 * The page rendered with `data-edit` marks, as the publish renderer marks them (the story's
 * stand-in for `POST /api/v1/preview`).
 */
const markedPreview = http.post('/api/v1/preview', async ({ request }) => {
  const { page } = (await request.json()) as { page: { meta: { headline?: string } } };
  return new HttpResponse(`<!doctype html><html lang="en"><head><title>Checkout</title></head><body><h1 data-edit="headline">${page.meta.headline ?? ''}</h1><img data-edit="heroImage" alt="" src=""></body></html>`,
    { headers: { 'Content-Type': 'text/html' } });
});

/**
 * /template-editor/{id} (001 §2 "Template editor"): the page read from the API into the editor,
 * rendered in a sandboxed frame whose runtime makes its marks editable (the in-frame edit itself
 * is exercised end to end in tests/e2e/template-editor.e2e.ts: a story's play function cannot
 * reach into an opaque-origin frame, which is the point of the sandbox), with the side drawer,
 * the device toggle, Back and the last-save marker.
 */
const meta = {
  title: 'Template editor/TemplateEditorScreen',
  component: TemplateEditorScreen,
  render: () => (
    <PanelSlotsProvider value={pagePanelSlots}>
      <AtRoute path="/template-editor/:id" url={`/template-editor/${fx.checkoutPage.ID}`}><TemplateEditorScreen /></AtRoute>
    </PanelSlotsProvider>
  ),
  parameters: { msw: { handlers: [markedPreview, ...screenHandlers()] } },
} satisfies Meta<typeof TemplateEditorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const frameOf = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLIFrameElement>('iframe[title^="Template editor"]');

/**
 * The checkout opens: its template's tabs in the drawer, the page in a frame sandboxed with
 * scripts but without the app's origin, the way to edit said, and the device toggle resizing the
 * frame; Back leads to the funnel's pages.
 */
export const Checkout: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const back = await canvas.findByRole('link', { name: '← Back to GlowSkin Summer' }, { timeout: 5000 });
    await expect(canvas.getByRole('status', { name: 'Last save' })).toHaveTextContent('Not saved from the template editor yet');
    await expect(canvas.getByText('Click a text to edit it in place; click an image or a block to edit it in the drawer.')).toBeVisible();
    const tabs = canvas.getByRole('tablist');
    // The template's meta has `products` only: its tabs, and not those of keys it lacks.
    for (const name of ['Products', 'Meta', 'CSS', 'Javascript']) await expect(within(tabs).getByRole('tab', { name })).toBeVisible();
    for (const name of ['Page SEO', 'Lists', 'Shipping']) await expect(within(tabs).queryByRole('tab', { name })).toBeNull();
    const frame = frameOf(canvasElement);
    await expect(frame).not.toBeNull();
    // Scripts for the editor's runtime, and never the app's origin with them.
    await expect(frame!.getAttribute('sandbox')).toBe('allow-scripts');
    await expect(frame!.srcdoc).toMatch(/<script src="[^"]+"><\/script>/);
    await userEvent.click(canvas.getByRole('radio', { name: 'Mobile' }));
    await waitFor(() => expect(frameOf(canvasElement)?.dataset.device).toBe('mobile'));
    await userEvent.click(back);
    await expect(await canvas.findByText('Navigated to /funnels/1/pages')).toBeVisible();
  },
};

/** A save of the page sets the last-save marker, shown as a time and kept for the page. */
export const SaveSetsTheMarker: Story = {
  play: async ({ canvas, loaded, userEvent }) => {
    const store = storeOf(loaded);
    const tabs = await canvas.findByRole('tablist', {}, { timeout: 5000 });
    await userEvent.click(within(tabs).getByRole('tab', { name: 'CSS' }));
    await userEvent.click(await canvas.findByRole('textbox', { name: 'CSS' }, { timeout: 10_000 }));
    await userEvent.paste('h1 { color: red; }');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(store.getState().undoLabel).toBe('Edit CSS'));
    const r = await store.actions.save();
    await expect(r.ok).toBe(true);
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Last save' })).toHaveTextContent(/^Last saved /));
    await expect(localStorage.getItem(`funnel-admin:template-editor:last-save:${fx.checkoutPage.ID}`)).toMatch(/^\d{4}-\d\d-\d\dT/);
  },
};

/** A locked funnel: the page shows, the drawer is read-only, and the editor says why nothing starts. */
export const Locked: Story = {
  parameters: {
    msw: { handlers: [markedPreview, http.get('/api/v1/funnels/:id', () => HttpResponse.json({ ...fx.funnel, locked: true })), ...screenHandlers()] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This funnel is locked: the page can be looked at, not edited.', {}, { timeout: 5000 })).toBeVisible();
    await expect(frameOf(canvas.getByRole<HTMLElement>('region', { name: 'Template editor' }))).not.toBeNull();
  },
};

/** Without a valid page id the route leads to the funnels (001 §2). */
export const NoPageId: Story = {
  render: () => <AtRoute path="/template-editor/:id" url="/template-editor/abc"><TemplateEditorScreen /></AtRoute>,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /funnels')).toBeVisible();
  },
};
