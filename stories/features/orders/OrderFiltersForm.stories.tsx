/**
 * The orders filter form (001 §9 "sort and filter are server-side"; 001 §5 'Input only
 * numbers'): empty, filled from the filters in force, each message with nothing applied, and
 * the filters a valid form applies (typed by the model's OrderFiltersSchema; Clear applies none).
 */
import preview from '../../../.storybook/preview';

import { expect, fireEvent, fn, waitFor } from 'storybook/test';
import { MSG } from '../../../src/model';
import { ID_TOO_BIG, OrderFiltersForm, RANGE_MESSAGE } from '../../../src/features/orders/components/OrderFiltersForm';
import { typeFields } from '../../dialog-steps';

const meta = preview.meta({
  title: 'Orders/OrderFiltersForm',
  component: OrderFiltersForm,
  args: { filters: {}, onApply: fn() },
});

/** Empty: every field blank ('Any' for the choices); Apply applies no filter. */
export const Empty = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Every filter starts empty, status Any', async () => {
      for (const label of ['Order ID', 'Product ID', 'Campaign ID', 'Customer ID', 'Payment method', 'Transaction ID', 'IP', 'Aff ID']) {
        await expect(canvas.getByLabelText(label, { exact: true })).toHaveValue('');
      }
      await expect(canvas.getByLabelText('Status')).toHaveDisplayValue('Any');
    });
    await step('Apply with nothing set', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
      await waitFor(() => expect(args.onApply).toHaveBeenCalledWith({}));
    });
  },
});

/** Filled from the filters in force (a shared URL's). */
export const Filled = meta.story({
  args: { filters: { campaign_id: 12001, aff_id: '1007', is_done: false, is_scrub: true, from: '2025-01-01', to: '2025-01-31' } },
  play: async ({ canvas, step }) => {
    await step('The ids and status are filled in', async () => {
      await expect(canvas.getByLabelText('Campaign ID')).toHaveValue('12001');
      await expect(canvas.getByLabelText('Aff ID')).toHaveValue('1007');
      await expect(canvas.getByLabelText('Status')).toHaveDisplayValue('Not completed');
    });
    await step('Scrub and the date range are filled in', async () => {
      await expect(canvas.getByLabelText('Scrub')).toHaveDisplayValue('Yes');
      await expect(canvas.getByLabelText('Created from')).toHaveValue('2025-01-01');
      await expect(canvas.getByLabelText('Created to')).toHaveValue('2025-01-31');
    });
  },
});

/** Invalid: ids that are not digits ('Input only numbers'), an id past the largest, From after To; nothing applied. */
export const Invalid = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('Bad ids and a backwards range, then Apply', async () => {
      await typeFields(userEvent, canvasElement, { 'Order ID': '12a', 'Customer ID': '99999999999' });
      await fireEvent.change(canvas.getByLabelText('Created from'), { target: { value: '2025-02-01' } });
      await fireEvent.change(canvas.getByLabelText('Created to'), { target: { value: '2025-01-01' } });
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    });
    await step("The seed's messages; nothing applied", async () => {
      await expect(await canvas.findByText(MSG.onlyNumbers)).toBeVisible();
      await expect(canvas.getByText(ID_TOO_BIG)).toBeVisible();
      await expect(canvas.getByText(RANGE_MESSAGE)).toBeVisible();
      await expect(canvas.getByLabelText('Order ID')).toHaveAttribute('aria-invalid', 'true');
      await expect(args.onApply).not.toHaveBeenCalled();
    });
  },
});

/** Valid: the filters typed as the model types them (numbers, booleans, trimmed text); Clear applies none. */
export const Apply = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('Fill in some filters and apply: trimmed ids as numbers', async () => {
      await typeFields(userEvent, canvasElement, { 'Campaign ID': ' 12003 ', 'Payment method': 'visa' });
      await userEvent.selectOptions(canvas.getByLabelText('Scrub'), 'No');
      await fireEvent.change(canvas.getByLabelText('Created to'), { target: { value: '2025-03-31' } });
      await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
      await waitFor(() => expect(args.onApply).toHaveBeenCalledWith({ campaign_id: 12003, payment_method: 'visa', is_scrub: false, to: '2025-03-31' }));
    });
    await step('Clear filters applies none', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(args.onApply).toHaveBeenLastCalledWith({}));
      await expect(canvas.getByLabelText('Campaign ID')).toHaveValue('');
    });
  },
});
