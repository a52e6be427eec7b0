import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../../src/ui';

const meta = { title: 'UI/Button', component: Button, args: { children: 'Save', onPress: fn() } } satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Click and keyboard both press it. */
export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

/** A disabled button ignores presses. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** Inside a form it is not a submit button (type "button"): pressing it by mouse or Space does not submit the form. */
export const InsideAForm: Story = {
  render: (args) => <form onSubmit={(e) => { e.preventDefault(); args.onPress?.(); }}><Button {...args} onPress={undefined} /></form>,
  args: { children: 'Preview' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Preview' });
    await userEvent.click(button);
    await expect(button).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};
