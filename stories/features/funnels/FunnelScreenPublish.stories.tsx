import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { FunnelScreen } from '../../../src/features/funnels/screens/FunnelScreen';
import * as fx from '../../../tests/fixtures/demo';
import { screenHandlers } from '../../screens';
import { AtFunnel } from './at-funnel';
import { itemTexts } from '../../helpers';

/** Publish requests the stories' API received. */
const published: number[] = [];
/** PUT /api/v1/funnels/{id}/publish answering the NDJSON progress stream up to 'Done'. */
const publishHandler = http.put('/api/v1/funnels/:id/publish', ({ params }) => {
  published.push(Number(params.id));
  const body = [
    { progress: 5, message: 'Publishing 4 pages' },
    { progress: 100, message: 'Done' },
  ]
    .map((c) => JSON.stringify(c))
    .join('\n');
  return new HttpResponse(`${body}\n`, { headers: { 'Content-Type': 'application/x-ndjson' } });
});

/**
 * The funnel page's Publish with the pre-publish check: FunnelScreen checks the
 * funnel and its pages as loaded into the editor store. The fixture funnel's index page is its
 * checkout, so its presell page is unreachable (a warning).
 */
const meta = preview.meta({
  title: 'Funnels/FunnelScreen/Publish check',
  component: FunnelScreen,
  render: () => <AtFunnel url="/funnels/1/pages" />,
  parameters: { msw: { handlers: [publishHandler, ...screenHandlers()] } },
  beforeEach: () => {
    published.length = 0;
  },
});
type Ctx = StoryContext;

/**
 * Once the page has loaded (its Publish button and the pages table, up to 5 s each), the step
 * `label`: pressing Publish opens the alert dialog named `dialog`, in which `check` holds.
 * Returns the dialog.
 */
async function stepPublish({ canvas, userEvent, step }: Ctx, label: string, dialog: string, check: (d: HTMLElement) => Promise<unknown>) {
  const button = await canvas.findByRole('button', { name: 'Publish' }, { timeout: 5000 });
  await canvas.findByRole('table', {}, { timeout: 5000 });
  let d!: HTMLElement;
  await step(label, async () => {
    await userEvent.click(button);
    d = await screen.findByRole('alertdialog', { name: dialog });
    await check(d);
  });
  return d;
}

/** A warning only: Publish asks first, naming the page, and 'Publish anyway' publishes. */
export const WarningAsksFirst = meta.story({
  play: async (ctx) => {
    const { userEvent, step } = ctx;
    const d = await stepPublish(ctx, 'Publish asks first, listing the warning with a link; nothing sent yet', 'Publish with warnings?', async (shown) => {
      await expect(itemTexts(shown)).toEqual(['Warning Presell article (/) cannot be reached: no next or skip page leads to it from the index page Open page']);
      await expect(within(shown).getByRole('link', { name: 'Open page' })).toHaveAttribute('href', `/funnels/1/pages/${fx.pages[0]!.ID}`);
      await expect(published).toEqual([]);
    });
    await step('Publish anyway publishes', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Publish anyway' }));
      await expect(await screen.findByRole('dialog', { name: 'Done' }, { timeout: 5000 })).toBeVisible();
      await expect(published).toEqual([1]);
    });
  },
});

/** A checkout page without products (from the API): Publish refuses, listing it with a link, and sends nothing. */
export const ErrorRefuses = meta.story({
  parameters: {
    msw: {
      handlers: [
        publishHandler,
        http.get('/api/v1/funnels/:id/pages', () =>
          HttpResponse.json(fx.pages.map((p) => (p.page_type === 'checkout' ? { ...p, meta: { ...p.meta, products: [] } } : p))),
        ),
        ...screenHandlers(),
      ],
    },
  },
  play: async (ctx) => {
    const { userEvent, step } = ctx;
    const d = await stepPublish(ctx, 'Publish refuses, listing the page without products with a link', 'Publishing is not possible', async (shown) => {
      const checkout = fx.pages.find((p) => p.page_type === 'checkout')!;
      const items = within(shown).getAllByRole('listitem');
      await expect(items[0]).toHaveTextContent(`Error ${checkout.name} (${checkout.page_path}) has no products: add them in its Products panel`);
      await expect(items[1]).toHaveTextContent('Warning Presell article (/) cannot be reached');
      await expect(within(items[0]!).getByRole('link', { name: 'Open page' })).toHaveAttribute('href', `/funnels/1/pages/${checkout.ID}`);
    });
    await step('Close: nothing was sent', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(published).toEqual([]);
    });
  },
});
