import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatusScreen } from '../../../src/features/status/screens/StatusScreen';
import { screenHandlers } from '../../screens';

/** /status (001 §2 header menu): the API's health. */
const meta = {
  title: 'Status/StatusScreen',
  component: StatusScreen,
  parameters: { msw: { handlers: screenHandlers() } },
} satisfies Meta<typeof StatusScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The API and its database answer. */
export const Healthy: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ok', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByText('pglite')).toBeVisible();
  },
};

/** The API answers with an error: the screen says it is not answering, with the server's message. */
export const Down: Story = {
  parameters: { msw: { handlers: screenHandlers({ healthStatus: 503 }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('The API is not answering: Database unavailable');
  },
};
