/**
 * A catalogue list's section (src/ui/list/ListFrame.tsx `ListSection`) with its writes from
 * `useCrudList` (src/ui/list/useCrudList.tsx), as the offers, products and categories lists use
 * them: the heading, the table or its loading skeleton, the one Add button (beside the empty
 * message on an empty list, else in the heading row), Edit prefilled, and Delete asked first.
 */
import preview from '../../.storybook/preview';

import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import type { FormSlot } from '../../src/ui';
import { ListSection } from '../../src/ui/list/ListFrame';
import { withRowActions } from '../../src/ui/list/useAddEdit';
import { useConfirmDelete } from '../../src/ui/list/useConfirmDelete';
import { useCrudList } from '../../src/ui/list/useCrudList';
import { NameForm } from '../form-story';
import { editPrefilled, retype } from '../dialog-steps';

interface Shelf {
  ID: number;
  name: string;
}
const COLUMNS: ColumnDef<Shelf, unknown>[] = [
  { id: 'id', header: 'ID', accessorKey: 'ID' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
];
const shelfName = (s: Shelf) => s.name;

/** The section over `initial` shelves, its writes kept here as a screen's would go to the server. */
function Shelves({ initial, onWrite }: { initial?: Shelf[]; onWrite: (what: string) => void }) {
  const [rows, setRows] = useState(initial);
  const form = (slot: FormSlot<string>, shelf?: Shelf) => <NameForm slot={slot} initial={shelf?.name} />;
  /** A write the server took at once: said to `onWrite`, then applied to the rows. */
  const write = (what: string, next: (all: Shelf[]) => Shelf[]) => {
    onWrite(what);
    setRows((all) => next(all ?? []));
    return Promise.resolve();
  };
  const confirm = useConfirmDelete(
    (s: Shelf) => `Are you sure you want to delete the shelf ${s.name}?`,
    (s: Shelf) => write(`delete ${s.name}`, (all) => all.filter((x) => x.ID !== s.ID)),
  );
  const { edit, remove, section } = useCrudList({
    noun: 'shelf',
    formId: 'shelf-form',
    nameOf: shelfName,
    addForm: form,
    editForm: form,
    confirm,
    rows,
    canWrite: true,
    onCreate: (name: string) => write(`create ${name}`, (all) => [...all, { ID: Math.max(0, ...all.map((x) => x.ID)) + 1, name }]),
    onUpdate: (s: Shelf, name: string) => write(`update ${s.name} to ${name}`, (all) => all.map((x) => (x.ID === s.ID ? { ...x, name } : x))),
  });
  return (
    <ListSection
      {...section}
      title="Shelves"
      noun="shelves"
      columns={withRowActions(COLUMNS, true, shelfName, edit, remove)}
      sorts={[]}
      rows={rows}
      getRowId={(s) => String(s.ID)}
      emptyMessage="No shelves added"
    />
  );
}

const meta = preview.meta({
  title: 'UI/ListSection',
  component: Shelves,
  subcomponents: { ListSection },
  args: { onWrite: fn(), initial: [{ ID: 1, name: 'Top' }] },
});

/** Rows: Add in the heading row; Edit opens prefilled and saves; Delete asks first, then deletes. */
export const AddEditDelete = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const section = canvas.getByRole('region', { name: 'Shelves' });
    await step('The heading names the section; Add is in its row', async () => {
      await expect(within(section).getByRole('heading', { level: 1, name: 'Shelves' })).toBeVisible();
      await expect(within(section).getByRole('table', { name: 'Shelves' })).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Add shelf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add shelf' });
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Middle');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(args.onWrite).toHaveBeenCalledWith('create Middle');
      await expect(await canvas.findByRole('cell', { name: 'Middle' })).toBeVisible();
    });
    await step('Edit opens prefilled and saves', async () => {
      await editPrefilled(
        canvas,
        userEvent,
        'Edit Top',
        { Name: 'Top' },
        (dialog) => retype(userEvent, within(dialog).getByLabelText('Name'), 'Upper'),
        () => expect(args.onWrite).toHaveBeenCalledWith('update Top to Upper'),
      );
    });
    await step('Delete asks first; Cancel keeps the row, Delete removes it', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Delete Upper' }));
      const ask = await screen.findByRole('alertdialog', { name: 'Delete shelf' });
      await expect(ask).toHaveTextContent('Are you sure you want to delete the shelf Upper?');
      await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(args.onWrite).not.toHaveBeenCalledWith('delete Upper');
      await userEvent.click(canvas.getByRole('button', { name: 'Delete Upper' }));
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Delete shelf' })).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(canvas.queryByRole('cell', { name: 'Upper' })).toBeNull());
      await expect(args.onWrite).toHaveBeenCalledWith('delete Upper');
    });
  },
});

/** No rows: the empty message with Add beside it, and no Add in the heading row. */
export const EmptyAddsBesideTheMessage = meta.story({
  args: { initial: [] },
  play: async ({ canvas, userEvent, args }) => {
    await expect(await canvas.findByText('No shelves added')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Add shelf' })).toHaveLength(1);
    await expect(within(canvas.getByRole('heading', { level: 1 }).parentElement ?? document.body).queryByRole('button', { name: 'Add shelf' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Add shelf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shelf' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Bottom');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('cell', { name: 'Bottom' })).toBeVisible();
    await expect(args.onWrite).toHaveBeenCalledWith('create Bottom');
  },
});

/** Rows not read yet: the skeleton says 'Loading shelves…', and there is no Add to press. */
export const Loading = meta.story({
  args: { initial: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading shelves…')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add shelf' })).toBeNull();
  },
});
