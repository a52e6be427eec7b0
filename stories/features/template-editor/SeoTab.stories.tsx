/**
 * The template editor drawer's Page SEO tab on its own (001 §2 "Template editor": Page SEO;
 * 001 §3 page meta description, subject, keywords, googleSiteVerification), on a fresh editor
 * store holding the page: the stored texts, typing ONE step per field (coalesced while typing)
 * whose undo restores the exact previous meta and redo the edit, the fields following undo and
 * redo, text over 255 characters kept with the message and recorded nowhere, a stored value
 * that is not text named, and a locked funnel.
 */
import preview from '../../../.storybook/preview';
import { expect, waitFor } from 'storybook/test';
import { SeoTab } from '../../../src/features/template-editor/components/SeoTab';
import type { Page } from '../../../src/model';
import { expectNothingRecorded, panelStory, step as undoStep } from '../page-editor/panel-steps';
import { snapshot } from '../../helpers';
import { drawerTabMeta, notLoadedTab } from './drawer-tab';
import { lastCommand } from './code-steps';
import { drawerCheckoutPage } from './drawer-fixtures';

const meta = preview.meta({
  title: 'Template editor/SeoTab',
  component: SeoTab,
  args: { pageId: drawerCheckoutPage.ID, locked: false },
  ...drawerTabMeta(SeoTab, drawerCheckoutPage),
});

/** Filled: the four texts as stored (an absent one empty). */
export const Filled = meta.story(
  panelStory(drawerCheckoutPage, async ({ canvas, step }) => {
    await step('The four texts show as stored, an absent one empty', async () => {
      await expect(canvas.getByRole('heading', { level: 2, name: 'Page SEO' })).toBeVisible();
      await expect(canvas.getByLabelText('Description')).toHaveValue('GlowSkin Vitamin C serum: brighter skin in 14 days');
      await expect(canvas.getByLabelText('Subject')).toHaveValue('Skin care');
      await expect(canvas.getByLabelText('Keywords')).toHaveValue('serum, vitamin c, skin care');
      await expect(canvas.getByLabelText('Google site verification')).toHaveValue('');
    });
  }),
);

/** Typing is one step per field ('Edit Description', 'Edit Keywords'); undo and redo exact, and the fields follow them. */
export const TypeAndUndo = meta.story(
  panelStory(drawerCheckoutPage, async ({ canvas, userEvent, step, store, doc, start }) => {
    let afterDescription: unknown;
    await step('Type in the description: one Edit Description step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Description'), ' and more'));
      await expect(m.description).toBe('GlowSkin Vitamin C serum: brighter skin in 14 days and more');
      await expect(lastCommand(store)).toEqual({ label: 'Edit Description', commands: 1, paths: ['/meta/description'] });
      await expect(store.getState().past).toHaveLength(1);
      afterDescription = snapshot<Page>(store, doc).meta;
    });
    await step('Type in the keywords: one Edit Keywords step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Keywords'), ', glow'));
      await expect(m.keywords).toBe('serum, vitamin c, skin care, glow');
      await expect(store.getState().past.map((e) => e.label)).toEqual(['Edit Description', 'Edit Keywords']);
    });
    await step('Undo restores the previous meta; the keywords follow', async () => {
      store.actions.undo();
      await expect(snapshot<Page>(store, doc).meta).toEqual(afterDescription);
      await waitFor(() => expect(canvas.getByLabelText('Keywords')).toHaveValue('serum, vitamin c, skin care'));
    });
    await step('Redo gives the edit again; the keywords follow', async () => {
      store.actions.redo();
      await waitFor(() => expect(canvas.getByLabelText('Keywords')).toHaveValue('serum, vitamin c, skin care, glow'));
    });
  }),
);

/** A new text on an empty field adds the key in one step. */
export const FirstText = meta.story(
  panelStory(drawerCheckoutPage, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('Type a site verification: the key is added in one step', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Google site verification'), 'abc123'));
      await expect(m.googleSiteVerification).toBe('abc123');
      await expect(lastCommand(store)).toEqual({ label: 'Edit Google site verification', commands: 1, paths: ['/meta/googleSiteVerification'] });
    });
  }),
);

/** Over 255 characters: 'Subject must be at most 255 characters' under the field, the text kept, nothing recorded. */
export const TooLong = meta.story(
  panelStory(drawerCheckoutPage, async ({ canvas, userEvent, step, store, doc, start }) => {
    const subject = canvas.getByLabelText('Subject');
    let entries = 0;
    let before: any;
    await step('Clear the subject', async () => {
      await userEvent.clear(subject);
      entries = store.getState().past.length;
      before = snapshot(store, doc);
    });
    await step('Paste 256 characters: the message, the text kept, nothing recorded', async () => {
      await userEvent.paste('y'.repeat(256));
      await expect(await canvas.findByText('Subject must be at most 255 characters')).toBeVisible();
      await expect(subject).toHaveValue('y'.repeat(256));
      await expect(subject).toHaveAttribute('aria-invalid', 'true');
      await expectNothingRecorded(store, doc, before, entries);
      await expect(snapshot<Page>(store, doc).meta.subject).toBe('');
      await expect(start).not.toEqual(before);
    });
  }),
);

/** A stored value that is not text (raw JSON can hold anything) is named; typing replaces it. */
export const NotText = meta.story(
  panelStory(
    { ...drawerCheckoutPage, ID: 62, meta: { keywords: 42 } as unknown as Page['meta'] },
    async ({ canvas, userEvent, step, store, doc, start }) => {
      await step('A stored number is named: Keywords must be text', async () => {
        await expect(canvas.getByText('Keywords must be text')).toBeVisible();
      });
      await step('Typing replaces it: the message goes', async () => {
        const m = await undoStep(store, doc, start, () => userEvent.type(canvas.getByLabelText('Keywords'), 'serum'));
        await expect(m.keywords).toBe('serum');
        await waitFor(() => expect(canvas.queryByText('Keywords must be text')).toBeNull());
      });
    },
    { args: { pageId: 62 } },
  ),
);

/** A locked funnel: every field disabled; typing records nothing. */
export const Locked = meta.story(
  panelStory(
    drawerCheckoutPage,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      await step('Every field is disabled', async () => {
        for (const name of ['Description', 'Subject', 'Keywords', 'Google site verification']) await expect(canvas.getByLabelText(name)).toBeDisabled();
      });
      await step('Typing records nothing', async () => {
        await userEvent.type(canvas.getByLabelText('Subject'), 'x');
        await expect(canvas.getByLabelText('Subject')).toHaveValue('Skin care');
        await expectNothingRecorded(store, doc, start, 0);
      });
    },
    { args: { locked: true } },
  ),
);

/** The page is not in the editor store yet: 'Loading page…'. */
export const NotLoaded = meta.story(notLoadedTab);
