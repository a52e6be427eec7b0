/**
 * The scrub detail on its own (001 §2 /scrubs/{id}; §3 Scrub; §5 scrub rules), with the
 * screen's writes as `fn()` args: the scrub in its table with the way back to its funnel, a
 * global scrub, Edit refused with 001 §5's messages then saved with the typed values, a save
 * the server refuses keeping the dialog open, Delete after the confirmation, a locked funnel
 * (Edit and Delete off, the reason said) and a role that may not write scrubs.
 */
import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ScrubDetail } from '../../../src/features/scrubs/components/ScrubDetail';
import { MSG, RMSG, type Scrub } from '../../../src/model';
import { deleteAsksFirstStory } from '../../helpers';
import { openDialog, refusedKeepsDialogStory, retype } from '../../dialog-steps';

const scrub: Scrub = { ID: 7, funnel_id: 1, affiliate_id: '1001', affiliate_name: 'Acme Media', scrub_pct: 15, global: false };

const meta = preview.meta({
  title: 'Scrubs/ScrubDetail',
  component: ScrubDetail,
  args: { scrub, funnelName: 'GlowSkin Summer', locked: false, canWrite: true, onUpdate: fn(async () => {}), onDelete: fn(async () => {}) },
});

const cells = (table: HTMLElement) => [...table.querySelectorAll('tbody td')].map((td) => td.textContent);

/** Filled: the scrub's row, its title and the way back to the funnel's Scrubs tab. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    await step("The heading, the scrub's row and the link to its funnel's scrubs", async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Scrub for affiliate 1001' })).toBeVisible();
      await expect(cells(canvas.getByRole('table', { name: 'Scrub' }))).toEqual(['7', '1001', 'Acme Media', '15%']);
      await expect(canvas.getByRole('link', { name: 'GlowSkin Summer: Scrubs' })).toHaveAttribute('href', '/funnels/1/scrubs');
    });
    await step('Edit and Delete are offered', async () => {
      await expect(canvas.getByRole('button', { name: 'Edit' })).toBeEnabled();
      await expect(canvas.getByRole('button', { name: 'Delete' })).toBeEnabled();
    });
  },
});

/** A global scrub without a name, its funnel's name not known yet: 'Global' badge, a dash, the funnel by id. */
export const GlobalScrub = meta.story({
  args: { scrub: { ...scrub, affiliate_id: '', affiliate_name: '', global: true }, funnelName: undefined },
  play: async ({ canvas, step }) => {
    await step("A global scrub's heading and row", async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Global scrub' })).toBeVisible();
      await expect(cells(canvas.getByRole('table', { name: 'Scrub' }))).toEqual(['7', 'Global', '—', '15%']);
    });
    await step("The link to its funnel's scrubs", async () => {
      await expect(canvas.getByRole('link', { name: 'Funnel 1: Scrubs' })).toBeVisible();
    });
  },
});

/** Edit: the dialog holds the scrub; 'Missing Affiliate ID', 'Input only numbers', 'Missing Scrub Percent' refuse; then onUpdate gets the values. */
export const Edit = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    let d!: ReturnType<typeof within>;
    let aff!: HTMLElement;
    let pct!: HTMLElement;
    await step('Edit opens the form with the stored values', async () => {
      dialog = await openDialog(canvas, userEvent, 'Edit', 'Edit scrub for affiliate 1001');
      d = within(dialog);
      aff = d.getByLabelText('Affiliate ID');
      pct = d.getByLabelText('Scrub percent');
      await expect(aff).toHaveValue('1001');
      await expect(pct).toHaveValue('15');
    });
    await step("Clear the affiliate id: the seed's message", async () => {
      await userEvent.clear(aff);
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await expect(await d.findByText(MSG.affiliateId)).toBeVisible();
    });
    await step('An affiliate id with letters: only numbers', async () => {
      await userEvent.type(aff, '12a');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await expect(await d.findByText(MSG.onlyNumbers)).toBeVisible();
    });
    await step("No percent: the seed's message; nothing saved", async () => {
      await retype(userEvent, aff, '2002');
      await userEvent.clear(pct);
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await expect(await d.findByText(RMSG.scrubPct)).toBeVisible();
      await expect(args.onUpdate).not.toHaveBeenCalled();
    });
    await step('A percent and save', async () => {
      await userEvent.type(pct, '20');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onUpdate).toHaveBeenCalledWith({ affiliate_id: '2002', affiliate_name: 'Acme Media', scrub_pct: 20, global: false }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  },
});

/** A save the server refuses: the dialog stays open with what was typed. */
export const EditRefused = meta.story(
  refusedKeepsDialogStory('onUpdate', 'Scrub not found', {
    open: ['Edit opens the form', 'Edit', 'Edit scrub for affiliate 1001'],
    fill: ['A new percent and save', (dialog, userEvent) => retype(userEvent, within(dialog).getByLabelText('Scrub percent'), '30')],
    kept: ['Refused: the dialog stays with what was typed', 'Scrub percent', '30'],
  }),
);

/** Delete asks first: Cancel calls nothing; Delete calls onDelete. */
export const Delete = meta.story(
  deleteAsksFirstStory({
    button: 'Delete',
    dialog: 'Delete scrub',
    question: 'Are you sure you want to delete the scrub for affiliate 1001?',
  }),
);

/** A locked funnel: the reason, Edit and Delete disabled. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvas, step }) => {
    await step('The locked notice', async () => {
      await expect(canvas.getByText('The funnel is locked: unlock it to edit or delete its scrubs.')).toBeVisible();
    });
    await step('Edit and Delete are disabled', async () => {
      await expect(canvas.getByRole('button', { name: 'Edit' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Delete' })).toBeDisabled();
    });
  },
});

/** A role that may not write scrubs: the scrub to read, no Edit or Delete and no lock reason. */
export const ReadOnly = meta.story({
  args: { canWrite: false, locked: true },
  play: async ({ canvas, step }) => {
    await step("The scrub's row", async () => {
      await expect(cells(canvas.getByRole('table', { name: 'Scrub' }))).toEqual(['7', '1001', 'Acme Media', '15%']);
    });
    await step('No buttons and no locked notice', async () => {
      await expect(canvas.queryByRole('button')).toBeNull();
      await expect(canvas.queryByText(/The funnel is locked/)).toBeNull();
    });
  },
});
