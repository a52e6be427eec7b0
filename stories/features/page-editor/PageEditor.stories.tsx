import preview from '../../../.storybook/preview';
import { expect, waitFor, within } from 'storybook/test';
import { PageEditor } from '../../../src/features/page-editor/components/PageEditor';
import { MSG } from '../../../src/model';
import { benchPage, checkoutPage, funnelRow, publishedCheckoutUrl } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf, freshId } from '../../helpers';

const doc = `page:${checkoutPage.ID}` as const;
const meta = preview.meta({
  title: 'Page editor/PageEditor',
  component: PageEditor,
  args: { pageId: checkoutPage.ID, offerId: 10234 },
  parameters: { editorDocs: { [doc]: checkoutPage }, layout: 'fullscreen' },
});

/** What the preview frame shows (its document is loaded once, then patched in place on each edit). */
const frameText = (canvas: HTMLElement) =>
  within(canvas).getByTitle<HTMLIFrameElement>(`Preview of ${checkoutPage.name}`).contentDocument?.body?.textContent ?? '';

/** The preview shows the unsaved price right after the edit, before any save, without loading the frame again. */
export const LivePreview = meta.story({
  play: async ({ canvas, canvasElement, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await step('The preview shows the stored price', async () => {
      await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $39.95'));
    });
    const frame = within(canvasElement).getByTitle<HTMLIFrameElement>(`Preview of ${checkoutPage.name}`);
    const loadedDoc = frame.contentDocument;
    await step('Change the price: the preview shows it without reloading the frame', async () => {
      const price = within(canvas.getByRole('group', { name: /^Single/ })).getByLabelText('Price');
      await userEvent.clear(price);
      await userEvent.type(price, '19');
      await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $19.00'));
      await expect(frame.contentDocument).toBe(loadedDoc);
    });
    await step('Undo and redo replay the edit', async () => {
      await expectUndoRedo(store, doc, before);
    });
  },
});

/** Locked: panels read-only, preview still shown. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvas, canvasElement, step }) => {
    await step('The lock is said', async () => {
      await expect(canvas.getByText('This funnel is locked: panels are read-only.')).toBeVisible();
    });
    await step('The preview is still shown', async () => {
      await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $39.95'));
    });
  },
});

/** Every side panel as a tab, Products first; edits in two panels undo and redo in the order they were made. */
export const PanelTabs = meta.story({
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await step('Every panel is a tab, Products first and selected', async () => {
      const tabs = canvas.getAllByRole('tab').map((t) => t.textContent);
      await expect(tabs).toEqual([
        'Products',
        'Warranty',
        'Size',
        'Product addons',
        'Extras',
        'Template options',
        'Reviews',
        'Extra reviews',
        'Lists',
        'International shipping',
        'Image slider',
      ]);
      await expect(canvas.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    });

    let orange: unknown;
    await step('Template options: choose orange', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Template options' }));
      await expect(canvas.getByRole('heading', { name: 'Template options' })).toBeVisible();
      await userEvent.click(canvas.getByRole('radio', { name: 'Orange' }));
      await expect(snapshot(store, doc).meta.main_color).toBe('orange');
      orange = snapshot(store, doc);
    });

    await step('Lists: add a list item', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Lists' }));
      await expect(canvas.getByText(MSG.noList)).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: '+ Add list item' }));
      await expect(snapshot(store, doc).meta.list).toEqual([{ id: freshId('list'), boldText: '', listText: '', img: '' }]);
    });
    await step('Undo and redo go through both edits in the order they were made', async () => {
      await expectUndoRedo(
        store,
        doc,
        before,
        async () => {
          store.actions.undo();
          await expect(snapshot(store, doc)).toEqual(orange);
          store.actions.undo();
        },
        async () => {
          store.actions.redo();
          await expect(snapshot(store, doc)).toEqual(orange);
          store.actions.redo();
        },
      );
      await expect(store.getState().past.map((e) => e.label)).toEqual(['Set main colour orange', 'Add list item']);
    });
  },
});

const presellPage = {
  ...checkoutPage,
  ID: 901,
  name: 'Presell article',
  page_type: 'presell' as const,
  page_path: '/',
  meta: { headline: 'Read this first', withShipping: 'true' },
};
const splitPage = { ...checkoutPage, ID: 902, name: 'Split', page_type: 'split' as const, page_path: '/split/', meta: {} };

/**
 * A presell page offers only the panels it renders (src/model/page-panels.ts): no
 * Products, Warranty, Size, addons or shipping; Template options offers the main colour only,
 * Extras only Skip Page.
 */
export const PresellPanels = meta.story({
  args: { pageId: presellPage.ID },
  parameters: { editorDocs: { [`page:${presellPage.ID}`]: presellPage } },
  play: async ({ canvas, userEvent, step }) => {
    await step('Only the panels a presell page shows are tabs, Extras first', async () => {
      await expect(canvas.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'Extras',
        'Template options',
        'Reviews',
        'Extra reviews',
        'Lists',
        'Image slider',
      ]);
      await expect(canvas.getByRole('tab', { name: 'Extras' })).toHaveAttribute('aria-selected', 'true');
    });
    await step('Extras: Skip Page only', async () => {
      await expect(canvas.getByRole('group', { name: 'Skip Page' })).toBeVisible();
      await expect(canvas.queryByRole('checkbox', { name: 'Warranty' })).toBeNull();
      await expect(canvas.queryByRole('group', { name: 'Product Select' })).toBeNull();
      await expect(canvas.queryByLabelText('Product override price')).toBeNull();
    });
    await step('Template options: the main colour only', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Template options' }));
      await expect(canvas.getByRole('radio', { name: 'Orange' })).toBeVisible();
      await expect(canvas.queryByRole('checkbox', { name: 'With shipping' })).toBeNull();
      await expect(canvas.queryByRole('checkbox', { name: 'Out of stock' })).toBeNull();
    });
  },
});

/** A split page shows nothing itself: no panels, and the editor says where its rules are edited. */
export const SplitPanels = meta.story({
  args: { pageId: splitPage.ID },
  parameters: { editorDocs: { [`page:${splitPage.ID}`]: splitPage } },
  play: async ({ canvas, step }) => {
    await step('No panel tabs; a note says why', async () => {
      await expect(canvas.queryAllByRole('tab')).toEqual([]);
      await expect(canvas.getByText(/A split page shows no content of its own/)).toBeVisible();
    });
  },
});

/**
 * The benchmark's page (5 products, 20 reviews, 20 list items; tests/bench/keystroke.bench.ts
 * measures typing in it): typing a review is one step and leaves the other 19 reviews as they were.
 */
export const ManyReviews = meta.story({
  args: { pageId: benchPage.ID },
  parameters: { editorDocs: { [`page:${benchPage.ID}`]: benchPage } },
  play: async ({ canvas, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const bench = `page:${benchPage.ID}` as const;
    const before = snapshot(store, bench);
    await step('Reviews: all 20 are listed', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Reviews' }));
      await expect(canvas.getAllByRole('button', { name: /^Reorder review by/ })).toHaveLength(20);
    });
    await step('Type in review 10: one step, the other reviews unchanged', async () => {
      const card = canvas.getByRole('group', { name: 'Review by Customer 10' });
      await userEvent.click(within(card).getByRole('button', { name: 'Edit review by Customer 10' }));
      await userEvent.type(within(card).getByLabelText('Review title'), '!!');
      const after = snapshot(store, bench);
      await expect(after.meta.reviews[9].reviewTitle).toBe('Review title 10!!');
      await expect(after.meta.reviews.filter((_: unknown, i: number) => i !== 9)).toEqual(before.meta.reviews.filter((_: unknown, i: number) => i !== 9));
      await expect(store.getState().past).toHaveLength(1);
    });
    await step('Undo and redo replay the edit', async () => {
      await expectUndoRedo(store, bench, before);
    });
    await step('Lists: all 20 items are listed', async () => {
      await userEvent.click(canvas.getByRole('tab', { name: 'Lists' }));
      await expect(canvas.getAllByRole('group', { name: /^List item \d+$/ })).toHaveLength(20);
    });
  },
});

/**
 * Preview source: "Published page" shows the page at the funnel's domain as the server's
 * preview answers it; back on "Unsaved changes" the live preview shows the unsaved meta again.
 */
export const PublishedPage = meta.story({
  args: { domain: funnelRow.domain },
  play: async ({ canvas, canvasElement, userEvent, step }) => {
    await step('The live preview shows the page', async () => {
      await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $39.95'));
    });
    await step("Published page shows the page at the funnel's domain", async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Published page' }));
      await expect(canvas.getByLabelText('Published page URL')).toHaveValue(publishedCheckoutUrl);
      const published = () => within(canvasElement).getByTitle<HTMLIFrameElement>(`Published ${checkoutPage.name}`).getAttribute('srcdoc') ?? '';
      await waitFor(() => expect(published()).toContain('Published checkout'));
    });
    await step('Unsaved changes shows the live preview again', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Unsaved changes' }));
      await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $39.95'));
    });
  },
});
