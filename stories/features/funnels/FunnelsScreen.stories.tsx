import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { FunnelsScreen } from '../../../src/features/funnels/screens/FunnelsScreen';
import * as fx from '../../../tests/fixtures/demo';
import { renderAt, screenHandlers } from '../../screens';

/** /funnels as the operator opens it: the list read from the API, and Add funnel creating one. */
const meta = preview.meta({
  title: 'Funnels/FunnelsScreen',
  component: FunnelsScreen,
  render: renderAt('/funnels', <FunnelsScreen />),
  parameters: { msw: { handlers: screenHandlers() } },
});

/** The list shows the API's funnels with their offer and platform. */
export const Loaded = meta.story({
  play: async ({ canvas, step }) => {
    await step('The funnel is listed with its offer and platform', async () => {
      const table = await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
      const row = within(table).getByRole('row', { name: /GlowSkin Summer/ });
      await expect(row).toHaveTextContent('GlowSkin Serum');
      await expect(row).toHaveTextContent('sticky');
    });
  },
});

/** Add funnel posts the form and opens the new funnel's Details tab. */
export const AddFunnel = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    await step('Add funnel opens the form', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Add funnel' }, { timeout: 5000 }));
      dialog = await screen.findByRole('dialog', { name: 'Add funnel' });
    });
    await step("Fill it in and save: the new funnel's Details open", async () => {
      await userEvent.type(within(dialog).getByLabelText(/Name/), 'Winter Launch');
      await userEvent.selectOptions(within(dialog).getByLabelText(/Offer/), '10234');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await canvas.findByText('Navigated to /funnels/9/details')).toBeVisible();
      await expect(await screen.findByText('Funnel Winter Launch created')).toBeVisible();
    });
  },
});

/** Add Funnel Beta opens the quick funnel wizard at /funnels/quick (001 §2). */
export const AddFunnelBeta = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Funnel Beta' }, { timeout: 5000 }));
    await expect(await canvas.findByText('Navigated to /funnels/quick')).toBeVisible();
  },
});

/** The API's funnels split by `?archived=`: Restore moves one back. */
function archivedHandlers() {
  let rows = [{ ...fx.funnelRow }, { ...fx.funnelRow, ID: 3, name: 'Old Launch', archived: true }];
  return [
    http.get('/api/v1/funnels', ({ request }) => {
      const archived = new URL(request.url).searchParams.get('archived') === 'true';
      return HttpResponse.json(rows.filter((r) => r.archived === archived));
    }),
    http.put('/api/v1/funnels/:id/archive', async ({ params, request }) => {
      const { archived } = (await request.json()) as { archived: boolean };
      rows = rows.map((r) => (r.ID === Number(params.id) ? { ...r, archived } : r));
      return HttpResponse.json({ ...fx.funnel, ID: Number(params.id), archived });
    }),
    ...screenHandlers(),
  ];
}

/** Opened at /funnels?archived=true: only archived funnels; Restore returns one to the active list. */
export const ArchivedList = meta.story({
  render: renderAt('/funnels', <FunnelsScreen />, '/funnels?archived=true'),
  parameters: { msw: { handlers: archivedHandlers() } },
  play: async ({ canvas, userEvent, step }) => {
    const table = await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
    await step('Only archived funnels are listed', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Archived funnels' })).toBeVisible();
      await expect(within(table).getByRole('row', { name: /Old Launch/ })).toBeVisible();
      await expect(within(table).queryByRole('row', { name: /GlowSkin Summer/ })).toBeNull();
    });
    await step('Restore one: the archived list is empty', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Restore Old Launch' }));
      await expect(await screen.findByText('Funnel Old Launch restored', {}, { timeout: 5000 })).toBeVisible();
      await expect(await canvas.findByText('No archived funnels. Archive a funnel from its page to find it here.', {}, { timeout: 5000 })).toBeVisible();
    });
    await step('Active lists it again', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Active' }));
      const active = await canvas.findByRole('table', { name: 'Funnels' });
      await expect(await within(active).findByRole('row', { name: /Old Launch/ })).toBeVisible();
    });
  },
});
