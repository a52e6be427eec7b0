import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ExtraReviewsPanel } from '../../../src/features/page-editor/components/panels/ExtraReviewsPanel';
import { MSG, type Review } from '../../../src/model';
import { demoReviews } from '../../../tests/fixtures/demo';
import { richText, typeAtEnd } from './content-steps';
import { CONTENT_PAGES, expectNothingRecorded, panelMeta, panelStory, step as undoStep } from './panel-steps';
import { lockedStory, keyboardDrag, reorderStory } from './panel-stories';
import { freshId } from '../../helpers';

const users = (m: { extraReviews: Review[] }) => m.extraReviews.map((r) => r.user);

const meta = preview.meta({ title: 'Page editor/ExtraReviewsPanel', component: ExtraReviewsPanel, ...panelMeta(CONTENT_PAGES, { funnelId: 1 }) });

/** No extra reviews: the empty state; adding one writes `extraReviews` only, labelled 'Add extra review'. */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('No extra reviews yet', async () => {
      await expect(canvas.getByText(MSG.noExtraReviews)).toBeVisible();
    });
    await step('Add a reviewer: only extraReviews is written', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Reviewer name'), 'Marta L.{Enter}'));
      await expect(m.extraReviews).toEqual([{ id: freshId('review'), avatar: '', user: 'Marta L.', reviewTitle: '', review: '', country: '' }]);
      await expect(m.reviews).toBeUndefined();
      await expect(store.getState().past.at(-1)!.label).toBe('Add extra review');
    });
    const group = () => canvas.getByRole('group', { name: 'Extra review by Marta L.' });
    await step('Type the review text', async () => {
      const m = await undoStep(store, doc, start, () => typeAtEnd(userEvent, richText(group(), 'Review'), 'No irritation at all.'));
      await expect(m.extraReviews[0].review).toBe('<p>No irritation at all.</p>');
      await expect(store.getState().past.at(-1)!.label).toBe('Set extra review text');
    });
  }),
);

/** Editing an extra review's country, italic text and removing another. */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const group = () => canvas.getByRole('group', { name: 'Extra review by Marta L.' });
    const marta = () => within(group());
    await step("Open Marta's review: her country shows", async () => {
      await expect(users(start.meta)).toEqual(['Marta L.', 'Tom B.']);
      await userEvent.click(marta().getByRole('button', { name: 'Edit extra review by Marta L.' }));
      await expect(marta().getByLabelText('Country')).toHaveValue('DE');
    });
    await step('Choose Austria', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.selectOptions(marta().getByLabelText('Country'), 'AT'));
      await expect(m.extraReviews[0].country).toBe('AT');
      await expect(store.getState().past.at(-1)!.label).toBe('Set extra review country');
    });
    await step('Add italic text to the review', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await typeAtEnd(userEvent, richText(group(), 'Review'), ' ');
        await userEvent.keyboard('{Control>}i{/Control}');
        await userEvent.keyboard('Lovely.');
      });
      await expect(m.extraReviews[0].review).toBe('<p>No irritation at all. <em>Lovely.</em></p>');
      await expect(m.reviews).toEqual(demoReviews);
    });
    await step("Remove Tom's review", async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove extra review by Tom B.' })));
      await expect(users(m)).toEqual(['Marta L.']);
    });
  }),
);

/** Keyboard drag records one `move` op on `extraReviews`. */
export const Reorder = meta.story(
  reorderStory(CONTENT_PAGES.filled, {
    drag: keyboardDrag("Tom's review", 'up', 'Reorder extra review by Tom B.', 1),
    order: [users, ['Tom B.', 'Marta L.']],
    recorded: ['One move is recorded', 'Move extra review', 'extraReviews', 1, 0],
  }),
);

/** Blank review text and a code outside the country list: the messages; choosing a real country fixes one. */
export const Invalid = meta.story(
  panelStory(CONTENT_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    const anna = () => within(canvas.getByRole('group', { name: 'Extra review by Anna P.' }));
    await step('The review text message shows', async () => {
      await expect(anna().getByRole('alert')).toHaveTextContent(MSG.reviewText);
    });
    await step("Open Anna's review: the country and text messages show", async () => {
      await userEvent.click(anna().getByRole('button', { name: 'Edit extra review by Anna P.' }));
      await expect(anna().getByText(MSG.country)).toBeVisible();
      await expect(anna().getByText(MSG.reviewText)).toBeVisible();
    });
    await step('Clear the reviewer: its message shows, nothing is recorded', async () => {
      await userEvent.clear(anna().getByLabelText('Reviewer'));
      await expect(anna().getByText(MSG.reviewUser)).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Choose Finland: the country message goes', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.selectOptions(anna().getByLabelText('Country'), 'FI'));
      await expect(m.extraReviews[0].country).toBe('FI');
      await expect(anna().queryByText(MSG.country)).toBeNull();
    });
  }),
);

/** A locked funnel: read-only, nothing recorded. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'Every field and handle is read-only': async ({ canvas }) => {
      await expect(canvas.getByLabelText('Reviewer name')).toBeDisabled();
      for (const s of canvas.getAllByLabelText('Country')) await expect(s).toBeDisabled();
      for (const box of canvas.getAllByRole('textbox', { name: 'Review' })) await expect(box).toHaveAttribute('contenteditable', 'false');
      await expect(canvas.getByRole('button', { name: 'Reorder extra review by Tom B.' })).toBeDisabled();
    },
    'Clicking remove records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove extra review by Tom B.' }));
    },
  }),
);
