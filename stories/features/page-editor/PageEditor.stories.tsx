import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { PageEditor } from '../../../src/features/page-editor/PageEditor';
import { checkoutPage } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';

const doc = `page:${checkoutPage.ID}` as const;
const meta = {
  title: 'Page editor/PageEditor',
  component: PageEditor,
  args: { pageId: checkoutPage.ID, offerId: 10234 },
  parameters: { editorDocs: { [doc]: checkoutPage }, layout: 'fullscreen' },
} satisfies Meta<typeof PageEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const frameText = (canvas: HTMLElement) => (within(canvas).getByTitle(`Preview of ${checkoutPage.name}`) as HTMLIFrameElement).srcdoc;

/** The preview shows the unsaved price right after the edit, before any save. */
export const LivePreview: Story = {
  play: async ({ canvas, canvasElement, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $39.95'));
    const price = within(canvas.getByRole('group', { name: /^Single/ })).getByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '19');
    await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $19.00'));
    await expectUndoRedo(store, doc, before);
  },
};

/** Locked: panels read-only, preview still shown. */
export const Locked: Story = {
  args: { locked: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('This funnel is locked: panels are read-only.')).toBeVisible();
    await waitFor(() => expect(frameText(canvasElement)).toContain('Single: $39.95'));
  },
};

/** The side panels as tabs, Products first; an edit in another tab records one step; the rest are named as not built yet. */
export const PanelTabs: Story = {
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    const tabs = canvas.getAllByRole('tab').map((t) => t.textContent);
    await expect(tabs).toEqual(['Products', 'Warranty', 'Size', 'Product addons', 'Extras', 'Template options', 'More panels']);
    await expect(canvas.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(canvas.getByRole('tab', { name: 'Template options' }));
    await expect(canvas.getByRole('heading', { name: 'Template options' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Orange' }));
    await expect(snapshot(store, doc).meta.main_color).toBe('orange');
    await expectUndoRedo(store, doc, before);

    await userEvent.click(canvas.getByRole('tab', { name: 'More panels' }));
    const later = within(canvas.getByRole('tabpanel')).getAllByRole('listitem').map((li) => li.textContent);
    await expect(later).toEqual(['Reviews', 'Extra reviews', 'Lists', 'International shipping', 'Image slider']);
  },
};
