import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { FunnelsScreen } from '../../../src/features/funnels/screens/FunnelsScreen';
import { AtRoute, screenHandlers } from '../../screens';

/** /funnels as the operator opens it: the list read from the API, and Add funnel creating one. */
const meta = {
  title: 'Funnels/FunnelsScreen',
  component: FunnelsScreen,
  render: () => <AtRoute path="/funnels" url="/funnels"><FunnelsScreen /></AtRoute>,
  parameters: { msw: { handlers: screenHandlers() } },
} satisfies Meta<typeof FunnelsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list shows the API's funnels with their offer and platform. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Funnels' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /GlowSkin Summer/ });
    await expect(row).toHaveTextContent('GlowSkin Serum');
    await expect(row).toHaveTextContent('sticky');
  },
};

/** Add funnel posts the form and opens the new funnel's Details tab. */
export const AddFunnel: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add funnel' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add funnel' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Winter Launch');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Offer/), '10234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Navigated to /funnels/9/details')).toBeVisible();
    await expect(await screen.findByText('Funnel Winter Launch created')).toBeVisible();
  },
};
