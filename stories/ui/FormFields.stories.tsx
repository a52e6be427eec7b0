import preview from '../../.storybook/preview';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { CheckboxField, NumberField, SelectField, TextAreaField, TextField } from '../../src/ui';

function Fields({ onNumber }: { onNumber: (n: number) => void }) {
  const [n, setN] = useState(10);
  const [name, setName] = useState('');
  return (
    <form aria-label="Fields">
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={name ? undefined : 'Missing Name'} help="Shown on the page" />
      <TextAreaField label="Note" defaultValue="" help="Internal only" />
      <SelectField label="Currency" options={['USD', 'EUR']} defaultValue="USD" />
      <CheckboxField label="Free shipping" />
      <NumberField
        label="Price"
        value={n}
        min={0}
        invalidMessage="Price must be a number of 0 or more"
        onCommit={(v) => {
          setN(v);
          onNumber(v);
        }}
      />
    </form>
  );
}

const meta = preview.meta({
  title: 'UI/FormFields',
  component: Fields,
  subcomponents: { TextField, TextAreaField, SelectField, CheckboxField, NumberField },
  args: { onNumber: fn() },
});

/** Labels name the controls; errors are announced and clear when fixed; numbers commit only when valid. */
export const AllFields = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let price!: HTMLElement;
    await step('Type a name: its error goes', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Missing Name');
      await userEvent.type(canvas.getByLabelText('Name'), 'Checkout');
      await expect(canvas.queryByText('Missing Name')).toBeNull();
    });
    await step('A note of two lines, described', async () => {
      await userEvent.type(canvas.getByLabelText('Note'), 'Line one{Enter}Line two');
      await expect(canvas.getByLabelText('Note')).toHaveValue('Line one\nLine two');
      await expect(canvas.getByLabelText('Note')).toHaveAccessibleDescription('Internal only');
    });
    await step('Pick a currency and free shipping', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Currency'), 'EUR');
      await expect(canvas.getByLabelText('Currency')).toHaveValue('EUR');
      await userEvent.click(canvas.getByLabelText('Free shipping'));
      await expect(canvas.getByLabelText('Free shipping')).toBeChecked();
    });
    await step('A negative price: the message, not passed on', async () => {
      price = canvas.getByLabelText('Price');
      await userEvent.clear(price);
      await userEvent.type(price, '-3');
      await expect(canvas.getByRole('alert')).toHaveTextContent('Price must be a number of 0 or more');
      await expect(args.onNumber).not.toHaveBeenCalledWith(-3);
    });
    await step('A good price is passed on', async () => {
      await userEvent.clear(price);
      await userEvent.type(price, '7.5');
      await expect(args.onNumber).toHaveBeenLastCalledWith(7.5);
    });
  },
});
