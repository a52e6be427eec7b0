import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FunnelScreen } from '../../../src/features/funnels/screens/FunnelScreen';
import { AtRoute, screenHandlers } from '../../screens';

/** The funnel page (001 §2): title, status, actions, and its tabs read from the API. */
const meta = {
  title: 'Funnels/FunnelScreen',
  component: FunnelScreen,
  render: () => <AtRoute path="/funnels/:id/:tab" url="/funnels/1/pages"><FunnelScreen /></AtRoute>,
  parameters: { msw: { handlers: screenHandlers() } },
} satisfies Meta<typeof FunnelScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Pages tab: the funnel's pages in flow order; the admin sees Clone, Lock and Publish. */
export const Pages: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Summer' })).toBeVisible();
    // The actions follow the role, read from GET /api/v1/me once it answers.
    for (const name of ['Clone', 'Lock', 'Publish']) await expect(await canvas.findByRole('button', { name }, { timeout: 5000 })).toBeVisible();
    const table = await canvas.findByRole('table');
    await expect(within(table).getByText('Presell article')).toBeVisible();
    await expect(within(table).getByText('Thank you')).toBeVisible();
  },
};

/** Opened at its Logs address, the page selects the Logs tab and lists the funnel's notes and recorded changes. */
export const Logs: Story = {
  render: () => <AtRoute path="/funnels/:id/:tab" url="/funnels/1/logs"><FunnelScreen /></AtRoute>,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('tab', { name: 'Logs', selected: true }, { timeout: 5000 })).toBeVisible();
    await expect(await canvas.findByText('Set product price', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByText('Launch')).toBeVisible();
  },
};

/** Opened at its Gallery address, the page reads the funnel's gallery and shows its thumbnails. */
export const Gallery: Story = {
  render: () => <AtRoute path="/funnels/:id/:tab" url="/funnels/1/gallery"><FunnelScreen /></AtRoute>,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('tab', { name: 'Gallery', selected: true }, { timeout: 5000 })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Images' }, { timeout: 5000 });
    await expect(within(list).getByRole('button', { name: 'Preview serum-bottle.svg' })).toBeVisible();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  },
};
