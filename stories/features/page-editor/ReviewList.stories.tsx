import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ReviewList } from '../../../src/features/page-editor/components/panels/ReviewList';
import { MSG, type Review } from '../../../src/model';
import { demoExtraReviews, demoReviews } from '../../../tests/fixtures/demo';
import { richText, typeAtEnd } from './content-steps';
import { CONTENT_PAGES, expectNothingRecorded, keyboardReorder, panelMeta, panelStory, removeStep, retype, step as undoStep } from './panel-steps';
import { lockedStory, reorderStory } from './panel-stories';
import { freshId } from '../../helpers';
import { at } from '../../../tests/at';

const users = (list: Review[]) => list.map((r) => r.user);

/** The list editor on its own, with a heading, noun and empty message of the story's choosing: every label and command follows them. */
const meta = preview.meta({
  title: 'Page editor/ReviewList',
  component: ReviewList,
  ...panelMeta(CONTENT_PAGES, { funnelId: 1, listKey: 'reviews' as const, title: 'Testimonials', noun: 'testimonial', emptyMessage: 'No testimonials yet' }),
});

/**
 * The empty message; adding without a name asks for one and records nothing; a named entry is
 * one step ('Add testimonial') that opens it for its text; renaming and typing its text are one step each.
 */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('The heading and the empty message show', async () => {
      await expect(canvas.getByRole('heading', { name: 'Testimonials' })).toBeVisible();
      await expect(canvas.getByText('No testimonials yet')).toBeVisible();
    });
    await step('Add without a name: it asks for one, nothing recorded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: '+ Add testimonial' }));
      await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.reviewUser);
      await expectNothingRecorded(store, doc, start, 0);
    });
    const card = () => within(canvas.getByRole('group', { name: /^Testimonial by / }));
    await step('Add Ana R.: the entry opens', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Reviewer name'), 'Ana R.{Enter}'));
      await expect(m.reviews).toEqual([{ id: freshId('review'), avatar: '', user: 'Ana R.', reviewTitle: '', review: '', country: '' }]);
      await expect(store.getState().past.at(-1)!.label).toBe('Add testimonial');
      await expect(canvas.queryByText(MSG.reviewUser)).toBeNull();
      await expect(card().getByRole('button', { name: 'Done editing testimonial by Ana R.' })).toHaveAttribute('aria-expanded', 'true');
    });
    await step('Rename the reviewer', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(card().getByLabelText('Reviewer'), 'mos'));
      await expect(m.reviews[0].user).toBe('Ana R.mos');
      await expect(store.getState().past.at(-1)!.label).toBe('Set testimonial user');
      await expect(canvas.getByRole('group', { name: 'Testimonial by Ana R.mos' })).toBeVisible();
    });
    await step('Type the text', async () => {
      const m = await undoStep(store, doc, start, () =>
        typeAtEnd(userEvent, richText(canvas.getByRole('group', { name: 'Testimonial by Ana R.mos' }), 'Review'), 'Great'),
      );
      await expect(m.reviews[0].review).toBe('<p>Great</p>');
      await expect(store.getState().past.at(-1)!.label).toBe('Set testimonial text');
    });
  }),
);

/**
 * Edit and Done open and close an entry; the older `review_header` shows as the title and
 * editing it writes `reviewTitle` (one step); Remove is one step; other entries stay as they were.
 */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    const daniel = () => within(canvas.getByRole('group', { name: 'Testimonial by Daniel K.' }));
    await step("Daniel's entry is closed, the older header as its title", async () => {
      await expect(users(start.meta.reviews)).toEqual(['Jessica M.', 'Daniel K.', 'Priya S.']);
      await expect(daniel().getByText('Fast shipping, great results · Canada')).toBeVisible();
      await expect(daniel().queryByLabelText('Review title')).toBeNull();
    });
    let title!: HTMLElement;
    await step('Edit opens it', async () => {
      await userEvent.click(daniel().getByRole('button', { name: 'Edit testimonial by Daniel K.' }));
      title = daniel().getByLabelText('Review title');
      await expect(title).toHaveValue('Fast shipping, great results');
    });
    await step('Retype the title: written as reviewTitle', async () => {
      const m = await undoStep(store, doc, start, () => retype(userEvent, title, 'Quick'));
      await expect(m.reviews[1]).toEqual({ ...demoReviews[1], review_header: undefined, reviewTitle: 'Quick' });
      await expect('review_header' in m.reviews[1]).toBe(false);
      await expect(store.getState().past.at(-1)!.label).toBe('Set testimonial title');
      await expect(m.extraReviews).toEqual(demoExtraReviews);
    });
    await step('Done closes it with the new title', async () => {
      await userEvent.click(daniel().getByRole('button', { name: 'Done editing testimonial by Daniel K.' }));
      await expect(daniel().queryByLabelText('Review title')).toBeNull();
      await expect(daniel().getByText('Quick · Canada')).toBeVisible();
    });
    await step("Remove Jessica's testimonial", async () => {
      await removeStep(
        { canvas, userEvent, store, doc, start },
        'Remove testimonial by Jessica M.',
        'Remove testimonial',
        (m: { reviews: Review[] }) => users(m.reviews),
        ['Daniel K.', 'Priya S.'],
      );
    });
  }),
);

/** Keyboard drag on the list named by the title: one `move` op on the list key, labelled with the noun; Escape cancels. */
export const Reorder = meta.story(
  reorderStory(CONTENT_PAGES.filled, {
    drag: [
      "Move Priya's testimonial up with the keyboard (Escape cancels first)",
      async (ctx) => {
        await expect(ctx.canvas.getByRole('list', { name: 'Testimonials' })).toBeVisible();
        return keyboardReorder(ctx, 'Reorder testimonial by Priya S.', ['[ArrowUp]'], 2);
      },
    ],
    order: [(m) => users(m.reviews), ['Jessica M.', 'Priya S.', 'Daniel K.']],
    recorded: ['One move is recorded', 'Move testimonial', 'reviews', 2, 1],
  }),
);

/** The other list key: `extraReviews` is edited, `reviews` untouched. */
export const ExtraReviewsKey = meta.story(
  panelStory(
    CONTENT_PAGES.filled,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      await step('The extra reviews are listed', async () => {
        await expect(canvas.getAllByRole('group', { name: /^Testimonial by / })).toHaveLength(demoExtraReviews.length);
      });
      await step("Remove Marta's: reviews untouched", async () => {
        const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove testimonial by Marta L.' })));
        await expect(users(m.extraReviews)).toEqual(['Tom B.']);
        await expect(m.reviews).toEqual(demoReviews);
      });
    },
    { args: { listKey: 'extraReviews' as const } },
  ),
);

/**
 * Broken entries: a closed entry shows its first problem; opened, each field its own; a bad
 * avatar address or a blank name typed records nothing; clearing the bad avatar is one step.
 */
export const Invalid = meta.story(
  panelStory(CONTENT_PAGES.invalid, async ({ canvas, userEvent, step, store, doc, start }) => {
    const unnamed = () => within(canvas.getByRole('group', { name: 'Testimonial by Unnamed reviewer' }));
    await step('Closed, the entry shows its first problem', async () => {
      await expect(unnamed().getByRole('alert')).toHaveTextContent(MSG.reviewUser);
    });
    await step('Opened, each field shows its own', async () => {
      await userEvent.click(unnamed().getByRole('button', { name: 'Edit testimonial by Unnamed reviewer' }));
      // Opened: each field's own message, in the order of the fields (reviewer, avatar, text).
      await expect(
        unnamed()
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual([MSG.reviewUser, MSG.imageUrl, MSG.reviewText]);
    });
    await step('A blank name and a bad avatar typed: nothing recorded', async () => {
      await userEvent.type(unnamed().getByLabelText('Reviewer'), '  ');
      await userEvent.type(unnamed().getByLabelText('Avatar'), '.bak');
      await expectNothingRecorded(store, doc, start, 0);
    });
    await step('Clear the avatar: its message goes', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.clear(unnamed().getByLabelText('Avatar')));
      await expect(m.reviews[0].avatar).toBe('');
      await expect(unnamed().queryByText(MSG.imageUrl)).toBeNull();
    });
  }),
);

/** Locked: every entry open read-only, no Edit buttons, add/remove/handles disabled; typing and clicks record nothing. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'Every entry is open read-only; no Edit buttons': async ({ canvas }) => {
      await expect(canvas.getByRole('button', { name: '+ Add testimonial' })).toBeDisabled();
      await expect(canvas.queryByRole('button', { name: /^Edit testimonial/ })).toBeNull();
      await expect(canvas.getAllByLabelText('Review title')).toHaveLength(3);
      for (const f of canvas.getAllByLabelText('Reviewer')) await expect(f).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Reorder testimonial by Daniel K.' })).toBeDisabled();
    },
    'Typing in the text and remove record nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(at(canvas.getAllByRole('textbox', { name: 'Review' }), 1, 'Review textbox'));
      await userEvent.keyboard('typed while locked');
      await userEvent.click(canvas.getByRole('button', { name: 'Remove testimonial by Daniel K.' }));
    },
  }),
);
