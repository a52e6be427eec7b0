import preview from '../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { Button } from '../../src/ui';

const meta = preview.meta({ title: 'UI/Button', component: Button, args: { children: 'Save', onPress: fn() } });

/** Click and keyboard both press it. */
export const Primary = meta.story({
  args: { variant: 'primary' },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Press it by click and by Enter', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await userEvent.keyboard('{Enter}');
    });
    await step('Both presses are passed on', async () => {
      await expect(args.onPress).toHaveBeenCalledTimes(2);
    });
  },
});

/** A disabled button ignores presses. */
export const Disabled = meta.story({
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Click it while disabled', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('Nothing is pressed', async () => {
      await expect(args.onPress).not.toHaveBeenCalled();
    });
  },
});

/** A disabled button says why: its reason is the tooltip and the accessible description; enabled, the reason is not shown. */
export const DisabledSaysWhy = meta.story({
  args: { isDisabled: true, disabledReason: 'This funnel is locked: unlock it to make changes' },
  play: async ({ canvas, args, step }) => {
    const button = canvas.getByRole('button', { name: 'Save' });
    await step('disabled: the reason is its description and tooltip', async () => {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription('This funnel is locked: unlock it to make changes');
      await expect(button).toHaveAttribute('title', 'This funnel is locked: unlock it to make changes');
    });
    await step('Nothing is pressed', async () => {
      await expect(args.onPress).not.toHaveBeenCalled();
    });
  },
});

/** Enabled, a button with a reason has no tooltip or description from it. */
export const EnabledHidesTheReason = meta.story({
  args: { isDisabled: false, disabledReason: 'This funnel is locked: unlock it to make changes' },
  play: async ({ canvas, step }) => {
    const button = canvas.getByRole('button', { name: 'Save' });
    await step('Enabled', async () => {
      await expect(button).toBeEnabled();
    });
    await step('No reason given', async () => {
      await expect(button).not.toHaveAttribute('title');
      await expect(button).toHaveAccessibleDescription('');
    });
  },
});

/** Inside a form it is not a submit button (type "button"): pressing it by mouse or Space does not submit the form. */
export const InsideAForm = meta.story({
  render: (args) => (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        args.onPress?.();
      }}
    >
      <Button {...args} onPress={undefined} />
    </form>
  ),
  args: { children: 'Preview' },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Click it: it keeps the focus', async () => {
      const button = canvas.getByRole('button', { name: 'Preview' });
      await userEvent.click(button);
      await expect(button).toHaveFocus();
    });
    await step('Space while it is a preview does nothing', async () => {
      await userEvent.keyboard(' ');
      await expect(args.onPress).not.toHaveBeenCalled();
    });
  },
});
