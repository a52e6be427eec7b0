/**
 * The shipping forms (001 §5 "Shipping create: ID required, max 3 digits. Edit requires name,
 * description, price."): each message of the model's schemas (the ones the server answers),
 * nothing saved while invalid, and the values a valid form saves (the edit keeps the code).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MSG, RMSG } from '../../../src/model';
import { ShippingCreateForm, ShippingEditForm } from '../../../src/features/shipping/components/ShippingForms';
import { Button } from '../../../src/ui';
import { storeShippings, storyShippings } from './fixtures';

/** The store's methods as the API lists them: 6 (Economy) not added yet. */
const storeMethods = storeShippings.map((m) => ({ ...m, added: m.ID !== 6 }));

/** A form with a submit button, as FormModal's Save submits it. */
function Host({ create, onSave }: { create: boolean; onSave: (v: unknown) => Promise<unknown> }) {
  return (
    <>
      {create ? <ShippingCreateForm id="f" onSave={onSave} storeMethods={storeMethods} /> : <ShippingEditForm id="f" shipping={storyShippings[1]!} onSave={onSave} />}
      <Button type="submit" form="f">Save</Button>
    </>
  );
}

const meta = {
  title: 'Shipping/ShippingForms',
  component: Host,
  subcomponents: { ShippingCreateForm, ShippingEditForm },
  args: { create: true, onSave: fn(async () => {}) },
} satisfies Meta<typeof Host>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Create: 'Missing Shipping ID', 'Input only numbers', the 3-digit limit; then the ID as a number. */
export const CreateMessages: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    let id!: HTMLElement;
    let save!: HTMLElement;
    await step('Save it empty: the seed\'s message', async () => {
      id = canvas.getByLabelText('Shipping ID');
      save = canvas.getByRole('button', { name: 'Save' });
      await userEvent.click(save);
      await expect(await canvas.findByText(RMSG.shippingId)).toBeVisible();
    });
    await step('An id with letters: only numbers', async () => {
      await userEvent.type(id, 'x1');
      await userEvent.click(save);
      await expect(await canvas.findByText(MSG.onlyNumbers)).toBeVisible();
    });
    await step('An id of four digits: too long; nothing saved', async () => {
      await userEvent.clear(id);
      await userEvent.type(id, '1000');
      await userEvent.click(save);
      await expect(await canvas.findByText(RMSG.shippingIdLength)).toBeVisible();
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('A padded id is saved as a number', async () => {
      await userEvent.clear(id);
      await userEvent.type(id, ' 042 ');
      await userEvent.click(save);
      await waitFor(() => expect(args.onSave).toHaveBeenCalledWith(42));
    });
  },
};

/** Create refused by the server: its message shows at the ID. */
export const CreateRefused: Story = {
  args: { onSave: fn(() => Promise.reject(new Error('Shipping 7 was not found in the store'))) },
  play: async ({ canvas, userEvent, step }) => {
    await step('Save an id the store lacks', async () => {
      await userEvent.type(canvas.getByLabelText('Shipping ID'), '7');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('The store\'s message', async () => {
      await expect(await canvas.findByText('Shipping 7 was not found in the store')).toBeVisible();
    });
  },
};

/** Edit: 'Missing Shipping Name', 'Missing Description', 'Missing Price', then a price that is not a number. */
export const EditMessages: Story = {
  args: { create: false },
  play: async ({ canvas, userEvent, args, step }) => {
    let save!: HTMLElement;
    await step('Clear name, description and price and save: the seed\'s messages', async () => {
      save = canvas.getByRole('button', { name: 'Save' });
      await userEvent.clear(canvas.getByLabelText('Name'));
      await userEvent.clear(canvas.getByLabelText('Description'));
      await userEvent.clear(canvas.getByLabelText('Price'));
      await userEvent.click(save);
      await expect(await canvas.findByText(RMSG.shippingName)).toBeVisible();
      await expect(canvas.getByText(RMSG.description)).toBeVisible();
      await expect(canvas.getByText(RMSG.price)).toBeVisible();
    });
    await step('A price that is not a number: the seed\'s message; nothing saved', async () => {
      await userEvent.type(canvas.getByLabelText('Price'), 'cheap');
      await userEvent.click(save);
      await expect(await canvas.findByText(MSG.price)).toBeVisible();
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
};

/** Edit saved with only the price changed: the other values, the code included, are kept. */
export const EditKeepsCode: Story = {
  args: { create: false },
  play: async ({ canvas, userEvent, args, step }) => {
    let price!: HTMLElement;
    await step('The form holds the stored price', async () => {
      price = canvas.getByLabelText('Price');
      await expect(price).toHaveValue('4.95');
    });
    await step('Change the price and save', async () => {
      await userEvent.clear(price);
      await userEvent.type(price, '5');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onSave).toHaveBeenCalledWith({
        name: 'Standard', description: 'USPS First Class, 3–5 business days', price: 5, shipping_code: 'STD',
      }));
    });
  },
};

/** Create by picking one of the store's methods not added yet: its ID goes in the field and is sent. */
export const PickFromStore: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Only Economy (6) is offered: the others are added already', async () => {
      const offered = canvas.getByRole('group', { name: 'In the store, not added yet' });
      await expect(within(offered).getAllByRole('button').map((b) => b.textContent)).toEqual(['6 · Economy ($3.95)']);
    });
    await step('Pick it and save: ID 6 is sent', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Use shipping 6 Economy' }));
      await expect(canvas.getByLabelText('Shipping ID')).toHaveValue('6');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onSave).toHaveBeenCalledWith(6));
    });
  },
};
