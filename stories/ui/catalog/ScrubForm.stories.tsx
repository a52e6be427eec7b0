/**
 * The scrub form (001 §3 Scrub, §5 "affiliate id digits only, max 4, required unless the
 * scrub is global (Missing Affiliate ID); scrub percent required, min 0, max length 3", §9),
 * shared by a funnel's Scrubs tab and the scrub detail: every message in the seed's words as
 * the form shows them, nothing saved while invalid, a global scrub saved without an affiliate,
 * and an edit starting from the stored values.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, waitFor } from 'storybook/test';
import { ScrubForm } from '../../../src/ui/catalog/ScrubForm';
import { DialogForm } from '../../../src/ui/DialogForm';
import { MSG, RMSG } from '../../../src/model';
import { saveSends, withSaveButton } from '../../form-story';
import { retype, saveExpecting, typeFields } from '../../dialog-steps';

const meta = preview.meta({
  title: 'UI/Catalog/ScrubForm',
  component: ScrubForm,
  subcomponents: { DialogForm },
  args: { id: 'scrub-form', onSave: fn() },
  render: withSaveButton(ScrubForm),
});

/** Empty: the caret in Affiliate ID; Save shows every message at once ('Missing Affiliate ID' and 'Missing Scrub Percent'); nothing saved. */
export const Required = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('The affiliate id has the focus', async () => {
      await waitFor(() => expect(canvas.getByLabelText('Affiliate ID')).toHaveFocus());
    });
    await step('Save it empty: both messages at once, nothing saved', async () => {
      await saveExpecting(userEvent, canvasElement, [RMSG.scrubPct, MSG.affiliateId]);
      await expect(RMSG.scrubPct).toBe('Missing Scrub Percent');
      await expect(MSG.affiliateId).toBe('Missing Affiliate ID');
      await expect(canvas.getByLabelText('Affiliate ID')).toHaveAttribute('aria-invalid', 'true');
      await expect(canvas.getByLabelText('Scrub percent')).toHaveAttribute('aria-invalid', 'true');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('A percent but no affiliate: missing affiliate id only; nothing saved', async () => {
      await userEvent.type(canvas.getByLabelText('Scrub percent'), '10');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(canvas.queryByText(RMSG.scrubPct)).toBeNull());
      await expect(canvas.getByText(MSG.affiliateId)).toBeVisible();
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Affiliate ID: letters are 'Input only numbers'; the field takes at most 4 characters. */
export const AffiliateRules = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    const aff = canvas.getByLabelText('Affiliate ID');
    await step('An affiliate id with letters: only numbers', async () => {
      await userEvent.type(aff, '12a');
      await userEvent.type(canvas.getByLabelText('Scrub percent'), '10');
      await saveExpecting(userEvent, canvasElement, [MSG.onlyNumbers]);
    });
    await step('Six digits are cut to four; nothing saved', async () => {
      await retype(userEvent, aff, '123456');
      await expect(aff).toHaveValue('1234');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Scrub percent: over 100 or not a number is the range message; at most 3 characters typed. */
export const PercentRules = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    let pct!: HTMLElement;
    await step('A percent of four digits is cut to three', async () => {
      await userEvent.type(canvas.getByLabelText('Affiliate ID'), '1001');
      pct = canvas.getByLabelText('Scrub percent');
      await userEvent.type(pct, '1500');
      await expect(pct).toHaveValue('150');
    });
    await step('150: out of range', async () => {
      await saveExpecting(userEvent, canvasElement, [RMSG.scrubPctRange]);
    });
    await step('Letters: out of range; nothing saved', async () => {
      await retype(userEvent, pct, 'ab');
      await saveExpecting(userEvent, canvasElement, [RMSG.scrubPctRange]);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** Valid: the values as the schema gives them (percent a number). */
export const Saved = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('Fill in the scrub and save', async () => {
      await typeFields(userEvent, canvasElement, { 'Affiliate ID': '1001', 'Affiliate name': 'Acme Media', 'Scrub percent': '0' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('Saved with the percent as a number', async () => {
      await waitFor(() => expect(args.onSave).toHaveBeenCalledWith({ affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: 0, global: false }));
    });
  },
});

/** Global: the affiliate field turns read-only with its reason; saved without an affiliate. */
export const Global = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Global: no affiliate id', async () => {
      await userEvent.click(canvas.getByLabelText('Global: applies to every affiliate'));
      await expect(canvas.getByLabelText('Affiliate ID')).toHaveAttribute('readonly');
      await expect(canvas.getByText('A global scrub has no affiliate.')).toBeVisible();
    });
    await step('A percent and save', async () => {
      await userEvent.type(canvas.getByLabelText('Scrub percent'), '25');
      await saveSends(userEvent, canvas, args.onSave, { affiliate_id: '', affiliate_name: '', scrub_pct: 25, global: true });
    });
  },
});

/** An edit: the stored values shown; a changed percent saved with the rest. */
export const EditStored = meta.story({
  args: { defaultValues: { affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: '15', global: false } },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The form holds the stored values', async () => {
      await expect(canvas.getByLabelText('Affiliate name')).toHaveValue('Acme Media');
    });
    await step('A new percent and save', async () => {
      const pct = canvas.getByLabelText('Scrub percent');
      await retype(userEvent, pct, '100');
      await saveSends(userEvent, canvas, args.onSave, { affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: 100, global: false });
    });
  },
});
