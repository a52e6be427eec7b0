/**
 * The template library's hover preview on its own (001 §2 "Templates": hovering shows a preview
 * in a floating frame), with `GET /api/v1/templates/{id}/preview` mocked (msw): rendering, the
 * rendered template in a frame sandboxed without scripts, a preview the server cannot render
 * (its reason said), and the frame put above its row when there is no room below.
 */
import preview from '../../../.storybook/preview';

import { http, HttpResponse } from 'msw';
import { neverAnswers } from '../../screens';
import { expect, waitFor, within } from 'storybook/test';
import { TemplatePreview } from '../../../src/features/templates/components/TemplatePreview';
import { templates } from '../../../tests/fixtures/demo';

const checkout = templates[1]!;

const meta = preview.meta({
  title: 'Templates/TemplatePreview',
  component: TemplatePreview,
  args: { template: checkout, anchor: { top: 40, bottom: 72 } },
  parameters: {
    msw: {
      handlers: [
        http.get(
          '/api/v1/templates/:id/preview',
          () =>
            new HttpResponse(
              '<!doctype html><html lang="en"><head><title>Checkout classic</title></head><body><h1>Checkout classic</h1><script>parent.postMessage("x", "*")</script></body></html>',
              { headers: { 'Content-Type': 'text/html' } },
            ),
        ),
      ],
    },
  },
});

/** Rendered: the caption and the page in a frame sandboxed without scripts, just below its row. */
export const Rendered = meta.story({
  play: async ({ canvas, step }) => {
    let figure!: HTMLElement;
    await step('The preview renders the template, sandboxed, out of the tab order', async () => {
      figure = canvas.getByRole('figure', { name: 'Preview of Checkout classic' });
      await expect(within(figure).getByText('Checkout classic')).toBeVisible();
      const frame = await within(figure).findByTitle('Preview of Checkout classic', {}, { timeout: 5000 });
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(frame).toHaveAttribute('tabindex', '-1');
      await expect(frame.getAttribute('srcdoc')).toContain('<h1>Checkout classic</h1>');
    });
    await step('It sits below the row', async () => {
      await expect(figure.style.top).toBe('80px');
    });
  },
});

/** While the server renders: 'Rendering the preview…'. */
export const Rendering = meta.story({
  parameters: { msw: { handlers: [neverAnswers('get', '/api/v1/templates/:id/preview')] } },
  play: async ({ canvas, step }) => {
    await step('While rendering: a status, no frame', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Rendering the preview…');
      await expect(canvas.queryByTitle('Preview of Checkout classic')).toBeNull();
    });
  },
});

/** The server cannot render it: the reason said, no frame. */
export const Fails = meta.story({
  parameters: { msw: { handlers: [http.get('/api/v1/templates/:id/preview', () => HttpResponse.json({ message: 'Template not found' }, { status: 404 }))] } },
  play: async ({ canvas, step }) => {
    await step("The server's message; no frame", async () => {
      await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('The preview could not be rendered: Template not found');
      await expect(canvas.queryByTitle('Preview of Checkout classic')).toBeNull();
    });
  },
});

/** A row at the bottom of the window: the frame goes above it, still on screen. */
export const AboveTheRow = meta.story({
  args: { anchor: { top: window.innerHeight - 30, bottom: window.innerHeight - 2 } },
  play: async ({ canvas, step }) => {
    await step('Near the bottom it opens above the row, inside the window', async () => {
      const figure = canvas.getByRole('figure', { name: 'Preview of Checkout classic' });
      const top = parseFloat(figure.style.top);
      await expect(top).toBeLessThan(window.innerHeight - 30);
      await expect(top).toBeGreaterThanOrEqual(8);
    });
    await step('Busy until its frame has loaded the rendered page', async () => {
      const figure = canvas.getByRole('figure', { name: 'Preview of Checkout classic' });
      await waitFor(() => expect(figure).toHaveAttribute('aria-busy', 'false'), { timeout: 5000 });
      await expect(within(figure).getByTitle('Preview of Checkout classic')).toBeVisible();
    });
  },
});
