import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LaterScreen } from '../../src/ui';

/** A route whose screen a later issue builds says so plainly, under the screen's own title. */
const meta = { title: 'UI/LaterScreen', component: LaterScreen, args: { title: 'Orders', issue: 'issue 13' } } satisfies Meta<typeof LaterScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotBuiltYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(canvas.getByText('This screen is not built yet: it arrives with issue 13.')).toBeVisible();
  },
};
