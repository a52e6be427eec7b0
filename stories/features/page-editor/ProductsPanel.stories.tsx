import preview from '../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { ProductsPanel } from '../../../src/features/page-editor/components/ProductsPanel';
import { MoneyField, MoneyProvider } from '../../../src/features/page-editor/components/currency';
import { apiHandlers } from '../../../.storybook/handlers';
import { expectUndoRedo, snapshot } from '../../helpers';
import { CHECKOUT_PAGES, expectOneMove, panelMeta, panelStory } from './panel-steps';

const meta = preview.meta({
  title: 'Page editor/ProductsPanel',
  component: ProductsPanel,
  subcomponents: { MoneyField },
  ...panelMeta(CHECKOUT_PAGES, { offerId: 10234 }),
});

/** No products yet: the seed's empty state; adding one applies the package defaults in one step. */
export const Empty = meta.story(
  panelStory(CHECKOUT_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('No products; the first offer product is chosen', async () => {
      await expect(canvas.getByText('No Products added')).toBeVisible();
      await waitFor(() => expect(canvas.getByLabelText('Offer product')).toHaveValue('2101'));
    });
    await step('Add a product with the Studio package: its defaults apply', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Package'), '2');
      await userEvent.click(canvas.getByRole('button', { name: '+ Add product' }));
      const added = snapshot(store, doc).meta.products[0];
      // 000 §9: Studio = 2 units, 55%; unit price = price / qty; warranty = 20% of price / qty;
      // regular price = the one 55 % off gives (79.90 ÷ 0.45; twice the price only at 50 %).
      await expect(added).toMatchObject({
        _package_name: 'Studio',
        _quantity: 2,
        _package_discount: 55,
        _price: 79.9,
        _unitPrice: 39.95,
        _warranty: 7.99,
        _regPrice: 177.56,
        _save: 97.66,
      });
      await expect(canvas.getByTestId('discount')).toHaveTextContent('55%');
    });
    await step('One step; undo and redo are exact', async () => {
      await expect(store.getState().past).toHaveLength(1);
      await expectUndoRedo(store, doc, start);
    });
  }),
);

/** A page with three packages; typing a price is one undo step and updates the unit price. */
export const Filled = meta.story(
  panelStory(CHECKOUT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const single = within(canvas.getByRole('group', { name: /^Single/ }));
    const price = single.getByLabelText('Price');
    await step('Type the Single price: the unit price follows', async () => {
      await userEvent.clear(price);
      await userEvent.type(price, '29.5');
      await expect(snapshot(store, doc).meta.products[0]._price).toBe(29.5);
      await expect(single.getByTestId('unit-price')).toHaveTextContent('29.50');
    });
    await step('One step; undo and redo are exact', async () => {
      await expect(store.getState().past.map((e) => e.label)).toEqual(['Set product price']);
      await expectUndoRedo(store, doc, start);
      await waitFor(() => expect(price).toHaveValue('29.5'));
    });
  }),
);

/** Choosing another package sets the regular price its discount gives, so the page's badge says what the package says. */
export const ChangePackage = meta.story(
  panelStory(CHECKOUT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const first = within(canvas.getAllByRole('group')[0]!);
    await step('Choose Deluxe for the first package: 65 % off, and the saving follows', async () => {
      await userEvent.selectOptions(first.getByLabelText('Package'), '4');
      const p = snapshot(store, doc).meta.products[0];
      await expect(p).toMatchObject({ _package_name: 'Deluxe', _quantity: 4, _package_discount: 65 });
      await expect(p._save).toBe(Math.round((p._regPrice - p._price) * 100) / 100);
      await expect(first.getByTestId('discount')).toHaveTextContent('65%');
    });
    await step('One step; undo and redo are exact', async () => {
      await expect(store.getState().past.map((e) => e.label)).toEqual(['Set package Deluxe']);
      await expectUndoRedo(store, doc, start);
    });
  }),
);

/** On a EUR funnel every price field says EUR and the texts are in euros, as on the published page. */
export const EuroFunnel = meta.story({
  ...panelStory(CHECKOUT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const single = within(canvas.getByRole('group', { name: /^Single/ }));
    await step('Every price field says EUR', async () => {
      for (const label of ['Price', 'Regular price', 'Warranty price']) {
        await expect(single.getByLabelText(label).parentElement).toHaveTextContent('EUR');
      }
      await expect(canvas.queryByText('USD')).toBeNull();
    });
    await step('Type a price: the unit price is in euros', async () => {
      await userEvent.clear(single.getByLabelText('Price'));
      await userEvent.type(single.getByLabelText('Price'), '29.5');
      await expect(single.getByTestId('unit-price')).toHaveTextContent('€29.50');
      await expectUndoRedo(store, doc, start);
    });
  }),
  decorators: [
    (Story) => (
      <MoneyProvider value={{ currency: 'EUR', language: 'en' }}>
        <Story />
      </MoneyProvider>
    ),
  ],
});

/** Reordering records exactly one RFC 6902 move op. */
export const Reorder = meta.story(
  panelStory(CHECKOUT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('Move Single down: one move is recorded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: /^Move Single.* down$/ }));
      await expectOneMove(store, undefined, 'products', 0, 1);
      await expect(snapshot(store, doc).meta.products.map((p: { _package_name: string }) => p._package_name)).toEqual(['Studio', 'Single', 'Multi']);
    });
    await step('Undo and redo are exact', async () => {
      await expectUndoRedo(store, doc, start);
    });
  }),
);

/** Invalid values show the seeds' messages; a half-typed price is never written. */
export const Invalid = meta.story(
  panelStory(CHECKOUT_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step("The seeds' messages show; Add feature is disabled", async () => {
      await expect(canvas.getByText('Price must be a number of 0 or more')).toBeVisible();
      await expect(canvas.getByText('A product has at most 8 features')).toBeVisible();
      await expect(canvas.getByRole('button', { name: '+ Add feature' })).toBeDisabled();
    });
    const price = canvas.getByLabelText('Price');
    await step('Type letters into the price: nothing is written', async () => {
      await userEvent.clear(price);
      await userEvent.type(price, 'abc');
      await expect(snapshot(store, doc)).toEqual(start);
    });
    await step('Type 12: the price is written and the message goes', async () => {
      await userEvent.clear(price);
      await userEvent.type(price, '12');
      await expect(snapshot(store, doc).meta.products[0]._price).toBe(12);
      await expect(canvas.queryByText('Price must be a number of 0 or more')).toBeNull();
      await expectUndoRedo(store, doc, start);
    });
  }),
);

/** A locked funnel: every control is read-only and nothing can be recorded. */
export const Locked = meta.story(
  panelStory(
    CHECKOUT_PAGES.filled,
    async ({ canvas, step, store }) => {
      await step('Every control is read-only; nothing is recorded', async () => {
        for (const input of canvas.getAllByLabelText('Price')) await expect(input).toBeDisabled();
        await expect(canvas.getByRole('button', { name: '+ Add product' })).toBeDisabled();
        await expect(canvas.getByRole('button', { name: /^Remove Single/ })).toBeDisabled();
        await expect(store.getState().past).toHaveLength(0);
      });
    },
    { args: { locked: true } },
  ),
);

/** No offer on the funnel: the seed's fetch-failure message (with its spelling). */
export const NoOffer = meta.story({
  args: { offerId: null },
  play: async ({ canvas, step }) => {
    await step('The fetch-failure message asks for an offer', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong when fetching porducts');
      await expect(canvas.getByRole('alert')).toHaveTextContent('Please insert offer in Funnel Details');
    });
  },
});

/** The offer's products cannot be fetched: the same message. */
export const ProductsFetchFails = meta.story({
  parameters: { msw: { handlers: apiHandlers({ productsFail: true }) } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong when fetching porducts'));
  },
});
