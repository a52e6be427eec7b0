/**
 * The shipping forms (001 §5 "Shipping create: ID required, max 3 digits. Edit requires name,
 * description, price."): each message of the model's schemas (the ones the server answers),
 * nothing saved while invalid, and the values a valid form saves (the edit keeps the code).
 * Create says where and when the store's list was read ("From Sticky.io · synced 3 minutes
 * ago"), that a failed read left it old, and Refresh reads it again — in the Add dialog against
 * the API too.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { MSG, RMSG } from '../../../src/model';
import { ShippingCreateForm, ShippingEditForm, type StoreSyncProps } from '../../../src/features/shipping/components/ShippingForms';
import { ShippingScreen } from '../../../src/features/shipping/screens/ShippingScreen';
import { SaveFor, saveSends } from '../../form-story';
import { routeStory } from '../../screens';
import { STORE_SYNCED_AT, shippingHandlers, storeShippings, storyShippings } from './fixtures';
import { retype } from '../../dialog-steps';

/** The store's methods as the API lists them: 6 (Economy) not added yet. */
const storeMethods = storeShippings.map((m) => ({ ...m, added: m.ID !== 6 }));

/** A form with a submit button, as FormModal's Save submits it; create shows the list's sync line with `sync` over Sticky.io's defaults. */
function Host({
  create,
  onSave,
  onRefresh,
  sync,
}: {
  create: boolean;
  onSave: (v: unknown) => Promise<unknown>;
  onRefresh: () => void;
  sync?: Partial<StoreSyncProps>;
}) {
  return (
    <>
      {create ? (
        <ShippingCreateForm
          id="f"
          onSave={onSave}
          storeMethods={storeMethods}
          sync={{ syncedAt: STORE_SYNCED_AT, platform: 'Sticky.io', onRefresh, refreshing: false, ...sync }}
        />
      ) : (
        <ShippingEditForm id="f" shipping={storyShippings[1]!} onSave={onSave} />
      )}
      <SaveFor form="f" />
    </>
  );
}

const meta = preview.meta({
  title: 'Shipping/ShippingForms',
  component: Host,
  subcomponents: { ShippingCreateForm, ShippingEditForm },
  args: { create: true, onSave: fn(async () => {}), onRefresh: fn() },
});

/** Create: 'Missing Shipping ID', 'Input only numbers', the 3-digit limit; then the ID as a number. */
export const CreateMessages = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let id!: HTMLElement;
    let save!: HTMLElement;
    await step("Save it empty: the seed's message", async () => {
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
      await retype(userEvent, id, '1000');
      await userEvent.click(save);
      await expect(await canvas.findByText(RMSG.shippingIdLength)).toBeVisible();
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('A padded id is saved as a number', async () => {
      await retype(userEvent, id, ' 042 ');
      await userEvent.click(save);
      await waitFor(() => expect(args.onSave).toHaveBeenCalledWith(42));
    });
  },
});

/** Create refused by the server: its message shows at the ID. */
export const CreateRefused = meta.story({
  args: { onSave: fn(() => Promise.reject(new Error('Shipping 7 was not found in the store'))) },
  play: async ({ canvas, userEvent, step }) => {
    await step('Save an id the store lacks', async () => {
      await userEvent.type(canvas.getByLabelText('Shipping ID'), '7');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step("The store's message", async () => {
      await expect(await canvas.findByText('Shipping 7 was not found in the store')).toBeVisible();
    });
  },
});

/** Edit: 'Missing Shipping Name', 'Missing Description', 'Missing Price', then a price that is not a number. */
export const EditMessages = meta.story({
  args: { create: false },
  play: async ({ canvas, userEvent, args, step }) => {
    let save!: HTMLElement;
    await step("Clear name, description and price and save: the seed's messages", async () => {
      save = canvas.getByRole('button', { name: 'Save' });
      await userEvent.clear(canvas.getByLabelText('Name'));
      await userEvent.clear(canvas.getByLabelText('Description'));
      await userEvent.clear(canvas.getByLabelText('Price'));
      await userEvent.click(save);
      await expect(await canvas.findByText(RMSG.shippingName)).toBeVisible();
      await expect(canvas.getByText(RMSG.description)).toBeVisible();
      await expect(canvas.getByText(RMSG.price)).toBeVisible();
    });
    await step("A price that is not a number: the seed's message; nothing saved", async () => {
      await userEvent.type(canvas.getByLabelText('Price'), 'cheap');
      await userEvent.click(save);
      await expect(await canvas.findByText(MSG.price)).toBeVisible();
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Edit saved with only the price changed: the other values, the code included, are kept. */
export const EditKeepsCode = meta.story({
  args: { create: false },
  play: async ({ canvas, userEvent, args, step }) => {
    let price!: HTMLElement;
    await step('The form holds the stored price', async () => {
      price = canvas.getByLabelText('Price');
      await expect(price).toHaveValue('4.95');
    });
    await step('Change the price and save', async () => {
      await retype(userEvent, price, '5');
      await saveSends(userEvent, canvas, args.onSave, {
        name: 'Standard',
        description: 'USPS First Class, 3–5 business days',
        price: 5,
        shipping_code: 'STD',
      });
    });
  },
});

/** Create by picking one of the store's methods not added yet: its ID goes in the field and is sent. */
export const PickFromStore = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Only Economy (6) is offered: the others are added already', async () => {
      const offered = canvas.getByRole('group', { name: 'In the store, not added yet' });
      await expect(
        within(offered)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['6 · Economy ($3.95)']);
    });
    await step('Pick it and save: ID 6 is sent', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Use shipping 6 Economy' }));
      await expect(canvas.getByLabelText('Shipping ID')).toHaveValue('6');
      await saveSends(userEvent, canvas, args.onSave, 6);
    });
  },
});

/** Where and when the list was read: Sticky.io, three minutes before now, the exact time as the tooltip; Refresh asks again. */
export const StoreSynced = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('From Sticky.io, synced 3 minutes ago', async () => {
      await expect(canvas.getByText(/From Sticky\.io · synced/)).toHaveTextContent('From Sticky.io · synced 3 minutes ago');
      const time = canvas.getByText('3 minutes ago');
      await expect(time.tagName).toBe('TIME');
      await expect(time).toHaveAttribute('datetime', STORE_SYNCED_AT);
      await expect(time).toHaveAttribute('title', 'Mar 2, 2026, 9:57:00 AM UTC');
    });
    await step('Refresh asks for the list again', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
      await expect(args.onRefresh).toHaveBeenCalledTimes(1);
    });
  },
});

/** The platform could not be read again: the old list stays usable and says so; a Refresh that failed says why and can be pressed again. */
export const StoreStale = meta.story({
  args: {
    sync: {
      syncedAt: '2026-03-02T08:00:00.000Z',
      syncError: 'Sticky.io is not answering: paused for 30 s',
      refreshing: false,
      refreshError: 'Sticky.io is not answering (HTTP 503) after 5 tries',
    },
  },
  play: async ({ canvas, args, step, userEvent }) => {
    await step('Synced 2 hours ago, and told the list may be out of date', async () => {
      await expect(canvas.getByText(/From Sticky\.io · synced/)).toHaveTextContent('From Sticky.io · synced 2 hours ago');
      await expect(
        canvas.getByText('Sticky.io could not be read again (Sticky.io is not answering: paused for 30 s): this list may be out of date.'),
      ).toBeVisible();
    });
    await step('A method of the old list can still be picked', async () => {
      await expect(canvas.getByRole('button', { name: 'Use shipping 6 Economy' })).toBeEnabled();
    });
    await step('The last Refresh failure is shown, and Refresh can be pressed again', async () => {
      await expect(canvas.getByText('Refresh failed: Sticky.io is not answering (HTTP 503) after 5 tries')).toBeVisible();
      await expect(canvas.queryByRole('status')).toBeNull();
      await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
      await expect(args.onRefresh).toHaveBeenCalledTimes(1);
    });
  },
});

const refreshes = { count: 0 };
/** In the Add dialog against the API: the list's time and platform from its headers; Refresh reads it again (busy meanwhile) and shows what the store has now. */
export const AddRefreshesTheStore = meta.story({
  ...routeStory('/shipping', <ShippingScreen />, shippingHandlers({ refreshes, refreshDelayMs: 400 })),
  play: async ({ canvas, userEvent, step }) => {
    let dialog!: HTMLElement;
    let offered!: () => (string | null)[];
    await step('Open Add shipping method: Economy offered, from Sticky.io, synced 3 minutes ago', async () => {
      refreshes.count = 0;
      await userEvent.click(await canvas.findByRole('button', { name: 'Add shipping method' }, { timeout: 5000 }));
      dialog = await screen.findByRole('dialog', { name: 'Add shipping method' });
      offered = () =>
        within(within(dialog).getByRole('group', { name: 'In the store, not added yet' }))
          .getAllByRole('button')
          .map((b) => b.textContent);
      await expect(await within(dialog).findByText(/From Sticky\.io · synced/, {}, { timeout: 5000 })).toHaveTextContent(
        'From Sticky.io · synced 3 minutes ago',
      );
      await expect(offered()).toEqual(['6 · Economy ($3.95)']);
    });
    await step('Refresh: busy while the list is read again', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-busy', 'true'));
    });
    await step('The list as the store has it now (Pickup is new), synced just now, read once with refresh=true', async () => {
      await waitFor(() => expect(offered()).toEqual(['6 · Economy ($3.95)', '7 · Pickup ($0.00)']), { timeout: 5000 });
      await expect(within(dialog).getByText(/From Sticky\.io · synced/)).toHaveTextContent('From Sticky.io · synced just now');
      await expect(within(dialog).getByRole('button', { name: 'Refresh' })).toBeEnabled();
      await expect(refreshes.count).toBe(1);
    });
  },
});
