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
