/**
 * The offer form (001 §5, §8, §9): every message in the seeds' (and the API's) words — 'Missing
 * Offer ID', 'Input only numbers' for letters or more than 5 digits in either id, 'Missing Offer
 * Name', 'You have to select store' for 29next — nothing saved while invalid; 'Offer [id]
 * already exists' refused before the call; an edit keeping its own id; the values saved.
 */
import preview from '../../../.storybook/preview';

import { expect, fn } from 'storybook/test';
import { OfferForm } from '../../../src/features/offers/components/OfferForm';
import { MSG, RMSG } from '../../../src/model';
import { ApiError } from '../../../src/api/client';
import { storyOffers, storyStores } from './fixtures';
import { fill, fillAll, withSaveButton } from '../../form-story';
import { saveExpecting } from '../../dialog-steps';

const meta = preview.meta({
  title: 'Offers/OfferForm',
  component: OfferForm,
  args: { id: 'offer-form', offers: storyOffers, stores: storyStores, onSave: fn(async () => {}), onDuplicate: fn() },
  render: withSaveButton(OfferForm),
});

/** Empty: Save says 'Missing Offer ID' and 'Missing Offer Name'; nothing saved. */
export const Empty = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('A new offer starts on Sticky with no store', async () => {
      await expect(canvas.getByLabelText('Platform')).toHaveValue('sticky');
      await expect(canvas.getByLabelText('Store')).toHaveValue('');
    });
    await step("Save it empty: the seed's messages; nothing saved", async () => {
      await saveExpecting(userEvent, canvasElement, [RMSG.offerId, RMSG.offerName]);
      await expect(canvas.getByLabelText('Offer ID')).toHaveAttribute('aria-invalid', 'true');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Ids: letters or six digits in the offer id, and in the Everflow id, are 'Input only numbers'. */
export const InvalidIds = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('An offer id with letters: only numbers', async () => {
      await fillAll(userEvent, canvas, { 'Offer name': 'SmileBright', 'Offer ID': '12a' });
      await saveExpecting(userEvent, canvasElement, [MSG.onlyNumbers]);
    });
    await step('An offer id of six digits: refused', async () => {
      await fill(userEvent, canvas, 'Offer ID', '123456');
      await saveExpecting(userEvent, canvasElement, [MSG.onlyNumbers]);
    });
    await step('A six-digit Everflow id: refused on that field only; nothing saved', async () => {
      await fillAll(userEvent, canvas, { 'Offer ID': '30001', 'Everflow offer ID': '999999' });
      await saveExpecting(userEvent, canvasElement, [MSG.onlyNumbers]);
      await expect(canvas.getByLabelText('Everflow offer ID')).toHaveAttribute('aria-invalid', 'true');
      await expect(canvas.getByLabelText('Offer ID')).not.toHaveAttribute('aria-invalid');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** 29next without a store: 'You have to select store'; with store 2 it saves. */
export const StoreFor29next = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('On 29next with no store: select store; nothing saved', async () => {
      await fillAll(userEvent, canvas, { 'Offer ID': '30002', 'Offer name': 'FlexFit Pro' });
      await userEvent.selectOptions(canvas.getByLabelText('Platform'), '29next');
      await saveExpecting(userEvent, canvasElement, [MSG.selectStore]);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Pick a store and save', async () => {
      await userEvent.selectOptions(canvas.getByLabelText('Store'), '2');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(args.onSave).toHaveBeenCalledWith({ offer_id: 30002, ef_offer_id: null, name: 'FlexFit Pro', platform: '29next', store_id: 2 });
    });
  },
});

/** An offer id another offer has: 'Offer [id] already exists' on the field and to the screen's info toast; nothing saved. */
export const Duplicate = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Save an offer id that exists', async () => {
      await fillAll(userEvent, canvas, { 'Offer ID': '10231', 'Offer name': 'Another serum' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('The duplicate message; nothing saved', async () => {
      await expect(await canvas.findByText(MSG.offerExists(10231))).toBeVisible();
      await expect(args.onDuplicate).toHaveBeenCalledWith('Offer 10231 already exists');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Filled (edit): the offer's values; saving it unchanged is no duplicate of itself. */
export const Filled = meta.story({
  args: { offer: storyOffers[0] },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The form holds the stored values', async () => {
      await expect(canvas.getByLabelText('Offer ID')).toHaveValue('10231');
      await expect(canvas.getByLabelText('Everflow offer ID')).toHaveValue('512');
      await expect(canvas.getByLabelText('Offer name')).toHaveValue('GlowSkin Vitamin C Serum');
      await expect(canvas.getByLabelText('Store')).toHaveValue('1');
    });
    await step('Rename it and save', async () => {
      await fill(userEvent, canvas, 'Offer name', 'GlowSkin Serum');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(args.onSave).toHaveBeenCalledWith({ offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin Serum', platform: 'sticky', store_id: 1 });
      await expect(args.onDuplicate).not.toHaveBeenCalled();
    });
  },
});

/** An Everflow id Everflow does not know (EVERFLOW_API_KEY set): the server's 422 shows under that field; the form stays. */
export const EverflowUnknown = meta.story({
  args: {
    onSave: fn(() =>
      Promise.reject(new ApiError(422, 'Everflow offer 777 does not exist', { message: 'Everflow offer 777 does not exist', field: 'ef_offer_id' })),
    ),
  },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Save an offer with an Everflow id Everflow does not have', async () => {
      await fillAll(userEvent, canvas, { 'Offer ID': '30003', 'Everflow offer ID': '777', 'Offer name': 'Unknown to Everflow' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(args.onSave).toHaveBeenCalledWith({ offer_id: 30003, ef_offer_id: 777, name: 'Unknown to Everflow', platform: 'sticky', store_id: null });
    });
    await step("The server's message under the Everflow id, which is marked invalid; the offer id is not", async () => {
      await expect(await canvas.findByText('Everflow offer 777 does not exist')).toBeVisible();
      await expect(canvas.getByLabelText('Everflow offer ID')).toHaveAttribute('aria-invalid', 'true');
      await expect(canvas.getByLabelText('Offer ID')).not.toHaveAttribute('aria-invalid');
      await expect(canvas.getByLabelText('Everflow offer ID')).toHaveValue('777');
    });
  },
});
