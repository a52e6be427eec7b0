import preview from '../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { ReviewsPanel } from '../../../src/features/page-editor/components/panels/ReviewsPanel';
import { MSG, type Review } from '../../../src/model';
import { demoReviews } from '../../../tests/fixtures/demo';
import { snapshot, freshId } from '../../helpers';
import { richText, typeAtEnd } from './content-steps';
import { CONTENT_PAGES, expectNothingRecorded, panelMeta, panelStory, removeStep, step as undoStep } from './panel-steps';
import { lockedStory, mouseReorder, keyboardDrag, reorderStory } from './panel-stories';
import { at } from '../../../tests/at';

const users = (m: { reviews: Review[] }) => m.reviews.map((r) => r.user);

const meta = preview.meta({ title: 'Page editor/ReviewsPanel', component: ReviewsPanel, ...panelMeta(CONTENT_PAGES, { funnelId: 1 }) });

/** No reviews: the empty state; a new review asks for its text; typing the rich text is one step, bold included. */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('No reviews yet', async () => {
      await expect(canvas.getByText(MSG.noReviews)).toBeVisible();
    });
    const card = () => within(canvas.getByRole('group', { name: 'Review by Jessica M.' }));
    await step('Add a review by Jessica M.: it asks for its text', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await userEvent.type(canvas.getByLabelText('Reviewer name'), 'Jessica M.');
        await userEvent.click(canvas.getByRole('button', { name: '+ Add review' }));
      });
      await expect(m.reviews).toEqual([{ id: freshId('review'), avatar: '', user: 'Jessica M.', reviewTitle: '', review: '', country: '' }]);
      await expect(store.getState().past.at(-1)!.label).toBe('Add review');
      await expect(canvas.getByLabelText('Reviewer name')).toHaveValue('');
      await expect(card().getByText(MSG.reviewText)).toBeVisible();
    });
    await step('Type the review text: the message goes', async () => {
      const m = await undoStep(store, doc, start, () =>
        typeAtEnd(userEvent, richText(canvas.getByRole('group', { name: 'Review by Jessica M.' }), 'Review'), 'Lovely serum, '),
      );
      await expect(m.reviews[0].review).toBe('<p>Lovely serum, </p>');
      await expect(store.getState().past.at(-1)!.label).toBe('Set review text');
      await expect(card().queryByText(MSG.reviewText)).toBeNull();
    });
    await step('Type bold text from the toolbar', async () => {
      const m = await undoStep(store, doc, start, async () => {
        await typeAtEnd(userEvent, richText(canvas.getByRole('group', { name: 'Review by Jessica M.' }), 'Review'), '');
        await userEvent.click(card().getByRole('button', { name: 'Bold' }));
        await expect(card().getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
        await userEvent.keyboard('really');
      });
      await expect(m.reviews[0].review).toBe('<p>Lovely serum, <strong>really</strong></p>');
    });
    await step('Type the title and choose New Zealand', async () => {
      let m = await undoStep(store, doc, start, () => userEvent.type(card().getByLabelText('Review title'), 'Glowing'));
      await expect(m.reviews[0].reviewTitle).toBe('Glowing');
      m = await undoStep(store, doc, start, () => userEvent.selectOptions(card().getByLabelText('Country'), 'NZ'));
      await expect(m.reviews[0].country).toBe('NZ');
      await expect(card().getByText('Glowing · New Zealand')).toBeVisible();
    });
  }),
);

/**
 * Editing: the older `review_header` shows as the title and editing it writes `reviewTitle`;
 * typing in the review body is one step; Ctrl+Z / Ctrl+Shift+Z in the editor undo and redo
 * through the command log and the editor follows; a link from the toolbar; an avatar from the gallery.
 */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const group = () => canvas.getByRole('group', { name: 'Review by Daniel K.' });
    const daniel = () => within(group());
    await step("Open Daniel's review: the older header shows as its title", async () => {
      await expect(users(start.meta)).toEqual(['Jessica M.', 'Daniel K.', 'Priya S.']);
      await expect(canvas.getByText('Worth every penny · United States')).toBeVisible();
      await userEvent.click(daniel().getByRole('button', { name: 'Edit review by Daniel K.' }));
      await expect(daniel().getByLabelText('Review title')).toHaveValue('Fast shipping, great results');
    });
    await step('Edit the title: it is written as reviewTitle', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(daniel().getByLabelText('Review title'), '!'));
      await expect(m.reviews[1]).toEqual({
        id: 'review-2',
        avatar: '',
        user: 'Daniel K.',
        reviewTitle: 'Fast shipping, great results!',
        review: '<p>Arrived in three days.</p>',
        country: 'CA',
      });
    });
    await step('Choose Ireland', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.selectOptions(daniel().getByLabelText('Country'), 'IE'));
      await expect(m.reviews[1].country).toBe('IE');
    });
    let before: unknown;
    await step('Type in the review body: one step', async () => {
      before = snapshot(store, doc);
      const n = store.getState().past.length;
      const m = await undoStep(store, doc, start, () => typeAtEnd(userEvent, richText(group(), 'Review'), ' Loved it.'));
      await expect(m.reviews[1].review).toBe('<p>Arrived in three days. Loved it.</p>');
      await expect(store.getState().past).toHaveLength(n + 1);
    });
    await step('Ctrl+Z and Ctrl+Shift+Z in the editor undo and redo', async () => {
      // Undo and redo from inside the editor go through the command log; the editor shows the result.
      richText(group(), 'Review').focus();
      await userEvent.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(snapshot(store, doc)).toEqual(before));
      await waitFor(() => expect(richText(group(), 'Review')).toHaveTextContent(/^Arrived in three days\.$/));
      await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      await waitFor(() => expect(snapshot(store, doc).meta.reviews[1].review).toBe('<p>Arrived in three days. Loved it.</p>'));
      await waitFor(() => expect(richText(group(), 'Review')).toHaveTextContent('Arrived in three days. Loved it.'));
    });
    await step('Link the whole text from the toolbar', async () => {
      const m = await undoStep(store, doc, start, async () => {
        richText(group(), 'Review').focus();
        await userEvent.keyboard('{Control>}a{/Control}');
        await userEvent.click(daniel().getByRole('button', { name: 'Link' }));
        const address = daniel().getByLabelText('Link address');
        await userEvent.clear(address);
        await userEvent.type(address, 'https://glowskin.example/reviews');
        await userEvent.click(daniel().getByRole('button', { name: 'Apply link' }));
      });
      await expect(m.reviews[1].review).toBe('<p><a href="https://glowskin.example/reviews">Arrived in three days. Loved it.</a></p>');
    });
    await step('Type an avatar address', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(daniel().getByLabelText('Avatar'), '/uploads/1/avatar-jessica.svg'));
      await expect(m.reviews[1].avatar).toBe('/uploads/1/avatar-jessica.svg');
    });
    await step("Remove Priya's review", async () => {
      await removeStep({ canvas, userEvent, store, doc, start }, 'Remove review by Priya S.', 'Remove review', users, ['Jessica M.', 'Daniel K.']);
    });
  }),
);

/** Keyboard drag (focus the handle, Space, ArrowDown, Space) records exactly one `move` op; Escape cancels. */
export const Reorder = meta.story(
  reorderStory(CONTENT_PAGES.filled, {
    drag: keyboardDrag("Jessica's review", 'down', 'Reorder review by Jessica M.', 2),
    order: [users, ['Daniel K.', 'Jessica M.', 'Priya S.']],
    recorded: ['One move is recorded; the handles follow', 'Move review', 'reviews', 0, 1],
    handles: 'Reorder review by',
  }),
);

/** Mouse drag: press the handle, move past the next review, release — the same single `move` op. */
export const MouseReorder = meta.story(
  reorderStory(CONTENT_PAGES.filled, {
    drag: ["Drag Priya's review to the top", (ctx) => mouseReorder(ctx, 'Reorder review by Priya S.', 'Reorder review by Jessica M.', (to) => to.top - 10)],
    order: [users, ['Priya S.', 'Jessica M.', 'Daniel K.']],
    recorded: ['One move is recorded', 'Move review', 'reviews', 2, 0],
  }),
);

/** A review without reviewer, text or a usable avatar: the messages; invalid input records nothing. */
export const Invalid = meta.story(
  panelStory(CONTENT_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    const unnamed = () => within(canvas.getByRole('group', { name: 'Review by Unnamed reviewer' }));
    await step('The unnamed review asks for a reviewer', async () => {
      await expect(unnamed().getByRole('alert')).toHaveTextContent(MSG.reviewUser);
    });
    await step('Add a review without a name: refused, nothing recorded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: '+ Add review' }));
      await expect(canvas.getByText(MSG.reviewUser, { selector: '[id$="-error"]' })).toBeVisible();
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step("Open the unnamed review: each field's message shows", async () => {
      await userEvent.click(unnamed().getByRole('button', { name: 'Edit review by Unnamed reviewer' }));
      await expect(unnamed().getByText(MSG.reviewUser)).toBeVisible();
      await expect(unnamed().getByText(MSG.reviewText)).toBeVisible();
      await expect(unnamed().getByText(MSG.imageUrl)).toBeVisible();
    });
    await step('A bad avatar and a blank name typed: nothing recorded', async () => {
      await userEvent.type(unnamed().getByLabelText('Avatar'), 'x');
      await userEvent.type(unnamed().getByLabelText('Reviewer'), '   ');
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Clear the avatar: one step, other reviews untouched', async () => {
      const m = await undoStep(store, doc, start, async () => {
        const avatar = unnamed().getByLabelText('Avatar');
        await userEvent.clear(avatar);
      });
      await expect(m.reviews[0].avatar).toBe('');
      await expect(m.reviews[1]).toEqual(demoReviews[1]);
    });
  }),
);

/** A locked funnel: every review shown read-only (fields, editor, toolbar, handles disabled); nothing is recorded. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'Every review is read-only; toolbar and handles are disabled': async ({ canvas }) => {
      await expect(canvas.getByRole('button', { name: '+ Add review' })).toBeDisabled();
      await expect(canvas.queryByRole('button', { name: /^Edit review/ })).toBeNull();
      for (const box of canvas.getAllByRole('textbox', { name: 'Review' })) {
        await expect(box).toHaveAttribute('aria-readonly', 'true');
        await expect(box).toHaveAttribute('contenteditable', 'false');
      }
      for (const b of canvas.getAllByRole('button', { name: 'Bold' })) await expect(b).toBeDisabled();
      for (const f of canvas.getAllByLabelText('Review title')) await expect(f).toBeDisabled();
      const handle = canvas.getByRole('button', { name: 'Reorder review by Jessica M.' });
      await expect(handle).toBeDisabled();
    },
    'Typing in the text and remove record nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(at(canvas.getAllByRole('textbox', { name: 'Review' }), 0, 'Review textbox'));
      await userEvent.keyboard('typed while locked');
      await userEvent.click(canvas.getByRole('button', { name: 'Remove review by Jessica M.' }));
    },
  }),
);
