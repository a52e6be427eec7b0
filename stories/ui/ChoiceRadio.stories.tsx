/**
 * The choice radio (src/ui/ChoiceRadio.tsx): one radio of a react-aria `RadioGroup` with a
 * visible dot, as the revert dialog and the conflict question use it ("Keep the value now" /
 * "Revert it to").
 */
import preview from '../../.storybook/preview';

import { RadioGroup } from 'react-aria-components';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ChoiceRadio } from '../../src/ui';

/** Two choices in one group, the first chosen at the start. */
function Choice({ onChange }: { onChange: (v: string) => void }) {
  return (
    <RadioGroup aria-label="meta › products › “Single” › _price" defaultValue="theirs" onChange={onChange}>
      <ChoiceRadio value="theirs">
        Keep the value now: <code>29.95</code>
      </ChoiceRadio>
      <ChoiceRadio value="mine">
        Revert it to: <code>39.95</code>
      </ChoiceRadio>
    </RadioGroup>
  );
}

const meta = preview.meta({
  title: 'UI/ChoiceRadio',
  component: Choice,
  subcomponents: { ChoiceRadio },
  args: { onChange: fn() },
});

/** The dot (hidden from assistive technology) of `radio`. */
const dotOf = (radio: HTMLElement) => radio.closest('label')!.querySelector('[aria-hidden]')!;

/** The dot shows ◉ on the chosen radio and ○ on the other; the arrow keys move the choice both ways. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let keep!: HTMLElement;
    let revert!: HTMLElement;
    await step('Keep the value is chosen; the dots say so', async () => {
      const group = canvas.getByRole('radiogroup', { name: 'meta › products › “Single” › _price' });
      keep = within(group).getByRole('radio', { name: 'Keep the value now: 29.95' });
      revert = within(group).getByRole('radio', { name: 'Revert it to: 39.95' });
      await expect(keep).toBeChecked();
      await expect(dotOf(keep)).toHaveTextContent('◉');
      await expect(dotOf(revert)).toHaveTextContent('○');
    });
    await step('Tab reaches the chosen radio', async () => {
      await userEvent.tab();
      await expect(keep).toHaveFocus();
    });
    await step('Arrow down chooses Revert', async () => {
      await userEvent.keyboard('{ArrowDown}');
      await waitFor(() => expect(revert).toBeChecked());
      await expect(revert).toHaveFocus();
      await expect(args.onChange).toHaveBeenLastCalledWith('mine');
      await expect(dotOf(revert)).toHaveTextContent('◉');
      await expect(dotOf(keep)).toHaveTextContent('○');
    });
    await step('Arrow up chooses Keep again', async () => {
      await userEvent.keyboard('{ArrowUp}');
      await waitFor(() => expect(keep).toBeChecked());
      await expect(args.onChange).toHaveBeenLastCalledWith('theirs');
      await expect(dotOf(keep)).toHaveTextContent('◉');
      await expect(dotOf(revert)).toHaveTextContent('○');
    });
  },
});

/** A click on a radio's text chooses it. */
export const Mouse = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Click the Revert label', async () => {
      await userEvent.click(canvas.getByText('Revert it to:'));
    });
    await step('Revert is chosen and passed on', async () => {
      const revert = canvas.getByRole('radio', { name: 'Revert it to: 39.95' });
      await expect(revert).toBeChecked();
      await expect(args.onChange).toHaveBeenCalledWith('mine');
      await expect(dotOf(revert)).toHaveTextContent('◉');
    });
  },
});
