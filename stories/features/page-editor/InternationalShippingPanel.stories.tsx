import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { InternationalShippingPanel } from '../../../src/features/page-editor/components/panels/InternationalShippingPanel';
import { COUNTRIES, MSG, type ShippingEntry } from '../../../src/model';
import { demoShipping } from '../../../tests/fixtures/demo';
import { snapshot, freshId } from '../../helpers';
import { CONTENT_PAGES, expectNothingRecorded, panelMeta, panelStory, retype, step as undoStep } from './panel-steps';
import { lockedStory } from './panel-stories';
import { at } from '../../../tests/at';

const countries = (m: { intShipping: ShippingEntry[] }) => m.intShipping.map((e) => e.country);

const meta = preview.meta({ title: 'Page editor/InternationalShippingPanel', component: InternationalShippingPanel, ...panelMeta(CONTENT_PAGES) });

const addForm = (canvas: HTMLElement) => within(within(canvas).getByRole('form', { name: 'Add international shipping' }));

/** No entries: the empty state; the full country list (~250); adding an entry is one step; the same country again is refused. */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvasElement, canvas, userEvent, step, store, doc, start }) => {
    const form = addForm(canvasElement);
    await step('No shipping; the full country list is offered', async () => {
      await expect(canvas.getByText(MSG.noShipping)).toBeVisible();
      const options = within(form.getByLabelText('Country')).getAllByRole('option');
      await expect(options).toHaveLength(COUNTRIES.length + 1);
      await expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    });
    await step('Add shipping to New Zealand', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.selectOptions(form.getByLabelText('Country'), 'NZ');
        await userEvent.type(form.getByLabelText('Shipping ID'), '21');
        await userEvent.type(form.getByLabelText('Price'), '24.5');
        await userEvent.click(form.getByRole('button', { name: '+ Add shipping' }));
      });
      await expect(m.intShipping).toEqual([{ id: freshId('shipping'), shipping_id: '21', country: 'NZ', price: 24.5 }]);
      await expect(store.getState().past.at(-1)!.label).toBe('Add shipping to New Zealand');
      await expect(form.getByLabelText('Shipping ID')).toHaveValue('');
    });
    await step('Add New Zealand again: refused, nothing recorded', async () => {
      const after = snapshot(store, doc);
      await userEvent.selectOptions(form.getByLabelText('Country'), 'NZ');
      await userEvent.type(form.getByLabelText('Shipping ID'), '22');
      await userEvent.type(form.getByLabelText('Price'), '1');
      await userEvent.click(form.getByRole('button', { name: '+ Add shipping' }));
      await expect(form.getByRole('alert')).toHaveTextContent(MSG.shippingCountryAdded('New Zealand'));
      await expectNothingRecorded(store, doc, after, 1);
    });
  }),
);

/** Editing an entry's price (one coalesced step) and shipping id; changing a country to a listed one is refused. */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const gb = () => within(canvas.getByRole('group', { name: 'Shipping to United Kingdom' }));
    await step('Retype the UK price', async () => {
      await expect(countries(start.meta)).toEqual(['CA', 'GB', 'AU']);
      const m = await undoStep(store, doc, start, () => retype(userEvent, gb().getByLabelText('Price'), '12.95'));
      await expect(m.intShipping[1]).toEqual({ ...demoShipping[1], price: 12.95 });
      await expect(store.getState().past.at(-1)!.label).toBe('Set shipping price');
    });
    await step('Type into the UK shipping ID', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(gb().getByLabelText('Shipping ID'), '1'));
      await expect(m.intShipping[1].shipping_id).toBe('141');
    });
    await step('Change the UK to Canada: refused, nothing recorded', async () => {
      const before = snapshot(store, doc);
      await userEvent.selectOptions(gb().getByLabelText('Country'), 'CA');
      await expect(gb().getByRole('alert')).toHaveTextContent(MSG.shippingCountryAdded('Canada'));
      await expect(gb().getByLabelText('Country')).toHaveValue('GB');
      await expectNothingRecorded(store, doc, before, 2);
    });
    await step('Change the UK to Ireland', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.selectOptions(gb().getByLabelText('Country'), 'IE'));
      await expect(countries(m)).toEqual(['CA', 'IE', 'AU']);
      await expect(canvas.getByRole('group', { name: 'Shipping to Ireland' })).toBeVisible();
    });
    await step('Remove shipping to Australia', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove shipping to Australia' })));
      await expect(countries(m)).toEqual(['CA', 'IE']);
    });
  }),
);

/** A listed country twice, a 4-digit shipping id and a negative price: the messages; fixing the price is one step. */
export const Invalid = meta.story(
  panelStory(CONTENT_PAGES.invalid, async ({ canvasElement, canvas, userEvent, step, store, doc, start }) => {
    const second = within(at(canvas.getAllByRole('group', { name: 'Shipping to Canada' }), 1, 'second Canada group'));
    await step('The second Canada entry shows its messages', async () => {
      await expect(second.getByText(MSG.shippingCountryAdded('Canada'))).toBeVisible();
      await expect(second.getByText(MSG.shippingId)).toBeVisible();
      await expect(second.getByText(MSG.price)).toBeVisible();
    });
    const form = addForm(canvasElement);
    await step('Add without a country: the country message', async () => {
      await userEvent.click(form.getByRole('button', { name: '+ Add shipping' }));
      await expect(form.getByRole('alert')).toHaveTextContent(MSG.country);
    });
    await step('Add with a shipping ID of letters: the shipping ID message', async () => {
      await userEvent.selectOptions(form.getByLabelText('Country'), 'US');
      await userEvent.type(form.getByLabelText('Shipping ID'), 'abc');
      await userEvent.click(form.getByRole('button', { name: '+ Add shipping' }));
      await expect(form.getByRole('alert')).toHaveTextContent(MSG.shippingId);
    });
    await step('Add with a negative price: the price message', async () => {
      await userEvent.clear(form.getByLabelText('Shipping ID'));
      await userEvent.type(form.getByLabelText('Shipping ID'), '9');
      await userEvent.type(form.getByLabelText('Price'), '-3');
      await userEvent.click(form.getByRole('button', { name: '+ Add shipping' }));
      await expect(form.getByRole('alert')).toHaveTextContent(MSG.price);
    });
    await step('Type a letter into a price: nothing is recorded', async () => {
      await userEvent.type(second.getByLabelText('Price'), 'x');
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Fix the second Canada price', async () => {
      const m = await undoStep(store, doc, start, () => retype(userEvent, second.getByLabelText('Price'), '5'));
      await expect(m.intShipping[1].price).toBe(5);
    });
  }),
);

/** A locked funnel: read-only, nothing recorded. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'Every control is read-only': async ({ canvas }) => {
      await expect(canvas.getByRole('button', { name: '+ Add shipping' })).toBeDisabled();
      for (const f of canvas.getAllByLabelText('Price')) await expect(f).toBeDisabled();
      for (const f of canvas.getAllByLabelText('Country')) await expect(f).toBeDisabled();
    },
    'Clicking remove records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove shipping to Canada' }));
    },
  }),
);
