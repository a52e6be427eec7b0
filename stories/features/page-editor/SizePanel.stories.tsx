import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { SizePanel } from '../../../src/features/page-editor/panels/SizePanel';
import { MSG } from '../../../src/model';
import { extrasEmptyPage, extrasFilledPage, extrasInvalidPage } from '../../../tests/fixtures/demo';
import { snapshot, storeOf } from '../../helpers';
import { expectNothingRecorded, keyboardDrag, step } from './panel-steps';

const docOf = (id: number) => `page:${id}` as const;
const names = (m: { productSizes: { name: string }[] }) => m.productSizes.map((z) => z.name);

const meta = {
  title: 'Page editor/SizePanel',
  component: SizePanel,
  args: { pageId: extrasFilledPage.ID, locked: false },
  parameters: { editorDocs: { [docOf(extrasFilledPage.ID)]: extrasFilledPage } },
} satisfies Meta<typeof SizePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No sizes: the empty state; the size choice stays disabled (with the reason) until 2 sizes exist. */
export const Empty: Story = {
  args: { pageId: extrasEmptyPage.ID },
  parameters: { editorDocs: { [docOf(extrasEmptyPage.ID)]: extrasEmptyPage } },
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const doc = docOf(extrasEmptyPage.ID);
    const start = snapshot(store, doc);
    await expect(canvas.getByText(MSG.noSizes)).toBeVisible();
    const choose = canvas.getByRole('checkbox', { name: 'Product Size' });
    await expect(choose).toBeDisabled();
    await expect(choose).toHaveAccessibleDescription(MSG.sizeChoice);

    let m = await step(store, doc, start, async () => {
      await userEvent.type(canvas.getByLabelText('New size'), 'S');
      await userEvent.click(canvas.getByRole('button', { name: '+ Add size' }));
    });
    await expect(m.productSizes).toEqual([{ id: 'size-1', name: 'S' }]);
    await expect(canvas.getByLabelText('New size')).toHaveValue('');
    await expect(choose).toBeDisabled();

    // Enter in the field adds too.
    m = await step(store, doc, start, () => userEvent.type(canvas.getByLabelText('New size'), 'M{Enter}'));
    await expect(m.productSizes).toEqual([{ id: 'size-1', name: 'S' }, { id: 'size-2', name: 'M' }]);
    await waitFor(() => expect(choose).toBeEnabled());

    m = await step(store, doc, start, () => userEvent.click(choose));
    await expect(m.productSizeActive).toBe('true');
  },
};

/** Rename is one coalesced step; removing below 2 sizes turns the size choice off in the same step. */
export const Filled: Story = {
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const doc = docOf(extrasFilledPage.ID);
    const start = snapshot(store, doc);
    await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeChecked();

    const size2 = canvas.getByLabelText('Size 2');
    let m = await step(store, doc, start, async () => {
      await userEvent.clear(size2);
      await userEvent.type(size2, 'Medium');
    });
    await expect(names(m)).toEqual(['S', 'Medium', 'L']);
    await expect(store.getState().past.at(-1)!.label).toBe('Rename size');

    m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove size S' })));
    await expect(names(m)).toEqual(['Medium', 'L']);
    await expect(m.productSizeActive).toBe('true');

    m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove size L' })));
    await expect(m.productSizes).toEqual([{ id: 'size-2', name: 'Medium' }]);
    await expect(m.productSizeActive).toBe('false');
    await expect(store.getState().past.at(-1)!.commands).toHaveLength(1);
    await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeDisabled();
  },
};

/** Keyboard drag: focus the handle, Space, ArrowUp, Space — one `move` op; Escape cancels with nothing recorded. */
export const Reorder: Story = {
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const doc = docOf(extrasFilledPage.ID);
    const start = snapshot(store, doc);
    await keyboardDrag(userEvent, canvas.getByRole('button', { name: 'Reorder size L' }), ['[ArrowUp]'], '[Escape]');
    await expectNothingRecorded(store, doc, start, 0);

    const m = await step(store, doc, start, () => keyboardDrag(userEvent, canvas.getByRole('button', { name: 'Reorder size L' }), ['[ArrowUp]']));
    await expect(names(m)).toEqual(['S', 'L', 'M']);
    const [entry] = store.getState().past;
    await expect(entry.commands).toHaveLength(1);
    await expect(entry.commands[0].ops).toEqual([{ op: 'move', from: '/meta/productSizes/2', path: '/meta/productSizes/1' }]);
    await expect(entry.label).toBe('Move size L');
  },
};

/** The size choice on with one size: the seed's rule; an empty or duplicate name records nothing. */
export const Invalid: Story = {
  args: { pageId: extrasInvalidPage.ID },
  parameters: { editorDocs: { [docOf(extrasInvalidPage.ID)]: extrasInvalidPage } },
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const doc = docOf(extrasInvalidPage.ID);
    const start = snapshot(store, doc);
    await expect(canvas.getByRole('alert')).toHaveTextContent(MSG.sizeChoice);

    await userEvent.click(canvas.getByRole('button', { name: '+ Add size' }));
    await expect(canvas.getByText(MSG.sizeName)).toBeVisible();
    await expectNothingRecorded(store, doc, start, 0);
    await userEvent.type(canvas.getByLabelText('New size'), 'one size{Enter}');
    await expect(canvas.getByText(MSG.sizeExists('one size'))).toBeVisible();
    await expectNothingRecorded(store, doc, start, 0);

    const m = await step(store, doc, start, () => userEvent.click(canvas.getByRole('checkbox', { name: 'Product Size' })));
    await expect(m.productSizeActive).toBe('false');
    // Only the rejected name's message is left; the size choice is off and disabled, with its reason.
    await expect(canvas.getAllByRole('alert').map((a) => a.textContent)).toEqual([MSG.sizeExists('one size')]);
    await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toHaveAccessibleDescription(MSG.sizeChoice);

    // Renaming to nothing keeps the stored name.
    const after = snapshot(store, doc);
    await userEvent.clear(canvas.getByLabelText('Size 1'));
    await expect(canvas.getByText(MSG.sizeName)).toBeVisible();
    await expectNothingRecorded(store, doc, after, 1);
    await expect(after.meta.productSizes).toEqual([{ id: 'size-1', name: 'One size' }]);
  },
};

/** A locked funnel: fields, buttons and drag handles are disabled; nothing is recorded. */
export const Locked: Story = {
  args: { locked: true },
  play: async ({ canvas, userEvent, loaded }) => {
    const store = storeOf(loaded);
    const doc = docOf(extrasFilledPage.ID);
    const start = snapshot(store, doc);
    await expect(canvas.getByRole('checkbox', { name: 'Product Size' })).toBeDisabled();
    await expect(canvas.getByLabelText('New size')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '+ Add size' })).toBeDisabled();
    await expect(canvas.getByLabelText('Size 1')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove size S' })).toBeDisabled();
    const handle = canvas.getByRole('button', { name: 'Reorder size S' });
    await expect(handle).toBeDisabled();
    handle.focus(); // a disabled handle cannot take focus, so no keyboard drag can start
    await expect(handle).not.toHaveFocus();
    await userEvent.keyboard('[Space][ArrowDown][Space]');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove size S' }));
    await expectNothingRecorded(store, doc, start, 0);
  },
};
