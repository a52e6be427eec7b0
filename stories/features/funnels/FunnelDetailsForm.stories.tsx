import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FunnelDetailsForm } from '../../../src/features/funnels/FunnelDetailsForm';
import { funnel, offers, pages } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';

const doc = `funnel:${funnel.ID}` as const;
const meta = {
  title: 'Funnels/FunnelDetailsForm',
  component: FunnelDetailsForm,
  args: { funnelId: funnel.ID, offers, pages },
  parameters: { editorDocs: { [doc]: funnel } },
} satisfies Meta<typeof FunnelDetailsForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Typing a field is one command; undo/redo restore the exact funnel. Keys are masked in the summary. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await expect(canvas.getByText('••••••••••••8nzY')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Support number'), ' ext 2');
    await expect(snapshot(store, doc).cs_number).toBe('+1 800 555 0199 ext 2');
    await expect(store.getState().past).toHaveLength(1);
    await expectUndoRedo(store, doc, before);
  },
};

/** The seeds' messages for bad values. */
export const Invalid: Story = {
  parameters: { editorDocs: { [doc]: { ...funnel, cs_email: 'support@', countries: [], page_id: 12, details: { ...funnel.details, GTM: 'GTM-12345', dl_offer_name: '' } } } },
  play: async ({ canvas, userEvent, loaded }) => {
    await expect(canvas.getByText('Email format is not valid')).toBeVisible();
    await expect(canvas.getByText('Please select at least on country')).toBeVisible();
    await expect(canvas.getByText('The index page must be of type checkout, interstitial or presell')).toBeVisible();
    await expect(canvas.getByText('GTM must be letters and digits, at most 8')).toBeVisible();
    await expect(canvas.getByText('Please input the offer name')).toBeVisible();
    const store = storeOf(loaded);
    const before = snapshot(store, doc);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'DE' }));
    await expect(canvas.queryByText('Please select at least on country')).toBeNull();
    await expectUndoRedo(store, doc, before);
  },
};

/** A locked funnel is read-only. */
export const Locked: Story = {
  args: { locked: true },
  play: async ({ canvas, loaded }) => {
    await expect(canvas.getByLabelText('Funnel name')).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'US' })).toBeDisabled();
    await expect(storeOf(loaded).getState().past).toHaveLength(0);
  },
};

/** Before the document is loaded. */
export const Empty: Story = {
  args: { funnelId: 99 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading funnel…');
  },
};
