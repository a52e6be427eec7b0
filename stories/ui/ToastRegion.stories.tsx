import preview from '../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { Button, notify, ToastRegion } from '../../src/ui';

/**
 * Where notifications appear (000 §8). The preview renders the one region of the app; the
 * story raises a success and an error into it.
 */
const meta = preview.meta({
  title: 'UI/ToastRegion',
  component: ToastRegion,
  render: () => (
    <>
      <Button onPress={() => notify.success('funnel GlowSkin created')}>Create</Button>
      <Button onPress={() => notify.error('offer not found')}>Fail</Button>
    </>
  ),
});

/**
 * A success is a polite status titled Success; an error is an alert titled Error, kept until
 * dismissed. The picture is taken with the error alone: a success fades on a 5 s timer, so
 * whether it were still up would depend on the machine's speed.
 */
export const SuccessAndError = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const region = within(canvas.getByRole('region', { name: 'Notifications' }));
    await step('A success toast', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
      await expect(await region.findByRole('status')).toHaveTextContent('SuccessFunnel GlowSkin created');
    });
    await step('An error toast beside it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Fail' }));
      await expect(await region.findByRole('alert')).toHaveTextContent('ErrorOffer not found');
    });
    await step('Dismiss the success: the error stays', async () => {
      await userEvent.click(region.getByRole('button', { name: 'Dismiss Success' }));
      await waitFor(() => expect(region.queryByRole('status')).toBeNull());
      await expect(region.getByRole('alert')).toHaveTextContent('ErrorOffer not found');
    });
  },
});

/** One toast per error: the same error raised three times while shown is one alert. */
export const SameErrorThreeTimes = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const region = within(canvas.getByRole('region', { name: 'Notifications' }));
    let fail!: HTMLElement;
    await step('An error toast', async () => {
      fail = canvas.getByRole('button', { name: 'Fail' });
      await userEvent.click(fail);
      await expect(await region.findByRole('alert')).toHaveTextContent('ErrorOffer not found');
    });
    await step('The same error again is not repeated', async () => {
      await userEvent.click(fail);
      await userEvent.click(fail);
      await expect(region.getAllByRole('alert')).toHaveLength(1);
    });
    await step('Dismiss it', async () => {
      await userEvent.click(region.getByRole('button', { name: 'Dismiss Error' }));
      await waitFor(() => expect(region.queryByRole('alert')).toBeNull());
    });
  },
});
