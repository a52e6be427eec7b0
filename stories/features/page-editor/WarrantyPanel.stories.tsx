import preview from '../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { WarrantyPanel } from '../../../src/features/page-editor/components/panels/WarrantyPanel';
import { MSG } from '../../../src/model';
import { expectNothingRecorded, EXTRAS_PAGES, panelMeta, panelStory, step as undoStep } from './panel-steps';
import { lockedStory } from './panel-stories';

const meta = preview.meta({ title: 'Page editor/WarrantyPanel', component: WarrantyPanel, ...panelMeta(EXTRAS_PAGES) });

/** No warranty keys yet: turning it on asks for a frame until one is chosen; each change is one step. */
export const Empty = meta.story(
  panelStory(EXTRAS_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    await step('Warranty is off, no message', async () => {
      await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).not.toBeChecked();
      await expect(canvas.queryByText(MSG.warrantyFrame)).toBeNull();
    });
    await step('Turn the warranty on: it asks for a frame', async () => {
      await clickStep('checkbox', 'Warranty', { warranty: 'true' });
      await expect(canvas.getByText(MSG.warrantyFrame)).toBeVisible();
      await expect(store.getState().past.at(-1)!.label).toBe('Turn warranty on');
    });
    await step('Choose Frame 3: the message goes', async () => {
      await clickStep('radio', 'Frame 3', { warrantyFrame: 'warranty3' });
      await expect(canvas.queryByText(MSG.warrantyFrame)).toBeNull();
      await expect(store.getState().past.at(-1)!.label).toBe('Set warranty frame');
    });
    await step('Type the warranty text', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Warranty text'), 'Two years of cover'));
      await expect(m.warrantyText).toBe('Two years of cover');
    });
  }),
);

/** A chosen frame changes with the arrow keys; the journey toggle is stored as a string. */
export const Filled = meta.story(
  panelStory(EXTRAS_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start, clickStep }) => {
    const frame2 = canvas.getByRole('radio', { name: 'Frame 2' });
    await step('Frame 2 and the text are shown', async () => {
      await expect(frame2).toBeChecked();
      await expect(canvas.getByLabelText('Warranty text')).toHaveValue('Protect your order for 2 years.');
    });
    await step('Arrow right chooses Frame 3', async () => {
      frame2.focus();
      const m = await undoStep(store, doc, start, () => userEvent.keyboard('{ArrowRight}'));
      await expect(m.warrantyFrame).toBe('warranty3');
      await expect(canvas.getByRole('radio', { name: 'Frame 3' })).toBeChecked();
    });
    await step('Turn on the journey fixed price', () => clickStep('checkbox', 'Journey fixed price', { warrantyJourney: 'true' }));
    await step('Turn the warranty off: the frame and journey stay', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'Warranty' })));
      await expect(m).toMatchObject({ warranty: 'false', warrantyFrame: 'warranty3', warrantyJourney: 'true' });
    });
  }),
);

/** On without a frame: the seed's message; showing it records nothing; choosing a frame clears it. */
export const Invalid = meta.story(
  panelStory(EXTRAS_PAGES.invalid, async ({ canvas, step, store, doc, start, clickStep }) => {
    await step("The seed's message shows; nothing is recorded", async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.warrantyFrame);
      // Showing the message fixes nothing by itself: the operator picks the frame.
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Choose Frame 1: the message goes', async () => {
      await clickStep('radio', 'Frame 1', { warrantyFrame: 'warranty1' });
      await expect(canvas.queryByText(MSG.warrantyFrame)).toBeNull();
    });
    await step('Undo brings the message back', async () => {
      store.actions.undo();
      await waitFor(() => expect(canvas.getByText(MSG.warrantyFrame)).toBeVisible());
    });
  }),
);

/** A locked funnel: every control is disabled and clicks record nothing. */
export const Locked = meta.story(
  lockedStory(EXTRAS_PAGES.filled, {
    'Every control is disabled': async ({ canvas }) => {
      await expect(canvas.getByRole('checkbox', { name: 'Warranty' })).toBeDisabled();
      for (const r of canvas.getAllByRole('radio')) await expect(r).toBeDisabled();
      await expect(canvas.getByLabelText('Warranty text')).toBeDisabled();
      await expect(canvas.getByRole('checkbox', { name: 'Journey fixed price' })).toBeDisabled();
    },
    'Clicking Frame 4 records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByText('Frame 4'));
      await expect(canvas.getByRole('radio', { name: 'Frame 2' })).toBeChecked();
    },
  }),
);
