import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { TemplateOptionsPanel } from '../../../src/features/page-editor/components/panels/TemplateOptionsPanel';
import { MSG } from '../../../src/model';
import { expectNothingRecorded, EXTRAS_PAGES, panelMeta, panelStory, step as undoStep } from './panel-steps';
import { lockedStory } from './panel-stories';

const meta = preview.meta({ title: 'Page editor/TemplateOptionsPanel', component: TemplateOptionsPanel, ...panelMeta(EXTRAS_PAGES) });

/** No options yet: one colour at a time (click, then arrow keys), toggles stored as 'true'/'false'. */
export const Empty = meta.story(
  panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('No colour is chosen', async () => {
      for (const r of canvas.getAllByRole('radio')) await expect(r).not.toBeChecked();
    });
    await step('Choose Green', async () => {
      await clickStep('radio', 'Green', { main_color: 'green' });
      await expect(store.getState().past.at(-1)!.label).toBe('Set main colour green');
    });
    await step('Arrow right chooses Orange instead', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.keyboard('{ArrowRight}'));
      await expect(m.main_color).toBe('orange');
      await expect(canvas.getByRole('radio', { name: 'Orange' })).toBeChecked();
      await expect(canvas.getByRole('radio', { name: 'Green' })).not.toBeChecked();
    });
    await step('Turn on With shipping', () => clickStep('checkbox', 'With shipping', { withShipping: 'true' }));
    await step('Turn on With full price', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'With full price' })));
      await expect(m).toMatchObject({ main_color: 'orange', withShipping: 'true', withFullPrice: 'true' });
      await expect(m.outOfStock).toBeUndefined();
    });
  }),
);

/** Set options: switch colour, mark out of stock, drop shipping. */
export const Filled = meta.story(
  panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('Green and With shipping are set', async () => {
      await expect(canvas.getByRole('radio', { name: 'Green' })).toBeChecked();
      await expect(canvas.getByRole('checkbox', { name: 'With shipping' })).toBeChecked();
    });
    await step('Choose Blue', () => clickStep('radio', 'Blue', { main_color: 'blue' }));
    await step('Mark out of stock', () => clickStep('checkbox', 'Out of stock', { outOfStock: 'true' }));
    await step('Turn off With shipping', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'With shipping' })));
      await expect(m).toMatchObject({ main_color: 'blue', withShipping: 'false', withFullPrice: 'false', outOfStock: 'true' });
    });
  }),
);

/** Values outside the choices (old data): messages shown, nothing recorded until the operator picks. */
export const Invalid = meta.story(
  panelStory(EXTRAS_PAGES.invalid, async ({ canvas, step, store, doc, start, clickStep }) => {
    await step('The messages show; nothing is recorded', async () => {
      await expect(canvas.getByText(MSG.mainColor)).toBeVisible();
      await expect(canvas.getByRole('checkbox', { name: 'With shipping' })).toHaveAccessibleDescription(expect.stringContaining(MSG.flag));
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Choose Orange: the colour message goes', async () => {
      await clickStep('radio', 'Orange', { main_color: 'orange' });
      await expect(canvas.queryByText(MSG.mainColor)).toBeNull();
    });
    await step('Turn on With shipping: the flag message goes', async () => {
      await clickStep('checkbox', 'With shipping', { withShipping: 'true' });
      await expect(canvas.queryByText(MSG.flag)).toBeNull();
    });
  }),
);

/** A locked funnel: the colour and the toggles are disabled; nothing is recorded. */
export const Locked = meta.story(
  lockedStory(EXTRAS_PAGES.filled, {
    'The colour and the toggles are disabled': async ({ canvas }) => {
      for (const r of canvas.getAllByRole('radio')) await expect(r).toBeDisabled();
      for (const c of canvas.getAllByRole('checkbox')) await expect(c).toBeDisabled();
    },
    'Clicking Orange and Out of stock records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByText('Orange'));
      await userEvent.click(canvas.getByText('Out of stock'));
      await expect(canvas.getByRole('radio', { name: 'Green' })).toBeChecked();
    },
  }),
);
