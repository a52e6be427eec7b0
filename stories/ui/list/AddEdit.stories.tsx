/**
 * The lists' Add/Edit dialog pair and delete confirmation (src/ui/list/useAddEdit.tsx with the
 * dialog it loads, AddEditDialogs.tsx; useConfirmDelete.tsx) on a small list: Add saves and
 * closes, Edit opens prefilled under the row's name, a refusal sent to the form keeps the
 * dialog open with what was typed, Delete asks first and deletes on confirm.
 */
import preview from '../../../.storybook/preview';

import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../../src/ui';
import { DialogForm } from '../../../src/ui/DialogForm';
import AddEditDialogs from '../../../src/ui/list/AddEditDialogs';
import { DialogsLoading, LazyConfirmDialog as ConfirmDialog } from '../../../src/ui/list/ListFrame';
import { useAddEdit, type FormSlot } from '../../../src/ui/list/useAddEdit';
import { useConfirmDelete } from '../../../src/ui/list/useConfirmDelete';
import { resolvingSpies } from '../../spies';

interface Fruit {
  id: number;
  name: string;
}

/** A one-field form: its refusal (with `errorsTo: 'form'`) shows under the field. */
function FruitForm({ id, onSave, initial = '' }: FormSlot<string> & { initial?: string }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    return onSave(name).catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  };
  return (
    <DialogForm id={id} onSubmit={submit}>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
    </DialogForm>
  );
}

interface DemoProps {
  onCreate: (name: string) => Promise<unknown>;
  onUpdate: (row: Fruit, name: string) => Promise<unknown>;
  onDelete: (row: Fruit) => Promise<unknown>;
}

/** A list of fruits with Add, Edit and Delete through the hooks. */
function FruitList({ onCreate, onUpdate, onDelete }: DemoProps) {
  const rows: Fruit[] = [{ id: 1, name: 'Apple' }];
  const crud = useAddEdit<Fruit, string>({
    noun: 'fruit',
    formId: 'fruit-form',
    nameOf: (f) => f.name,
    onCreate,
    onUpdate,
    addForm: (slot) => <FruitForm {...slot} />,
    editForm: (slot, row) => <FruitForm {...slot} initial={row.name} />,
    errorsTo: 'form',
  });
  const del = useConfirmDelete((f: Fruit) => `Delete ${f.name}?`, onDelete);
  return (
    <section>
      <Button onPress={crud.add}>Add fruit</Button>
      <ul>
        {rows.map((r) => (
          <li key={r.id}>
            {r.name} <Button onPress={() => crud.edit(r)}>Edit {r.name}</Button> <Button onPress={() => del.ask(r)}>Delete {r.name}</Button>
          </li>
        ))}
      </ul>
      {(crud.open || del.deleting !== null) && (
        <DialogsLoading>
          {crud.dialogs()}
          <ConfirmDialog title="Delete fruit" {...del.dialog} />
        </DialogsLoading>
      )}
    </section>
  );
}

const meta = preview.meta({
  title: 'UI/List/AddEdit',
  component: FruitList,
  subcomponents: { AddEditDialogs },
  args: resolvingSpies('onCreate', 'onUpdate', 'onDelete'),
});

/** Add saves what was typed and closes; Edit opens prefilled under the row's name. */
export const AddAndEdit = meta.story({
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add fruit' }));
    const add = await screen.findByRole('dialog', { name: 'Add fruit' });
    await userEvent.type(within(add).getByLabelText('Name'), 'Pear');
    await userEvent.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onCreate).toHaveBeenCalledWith('Pear'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add fruit' })).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: 'Edit Apple' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Apple' });
    const field = within(edit).getByLabelText('Name');
    await expect(field).toHaveValue('Apple');
    await userEvent.clear(field);
    await userEvent.type(field, 'Green apple');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onUpdate).toHaveBeenCalledWith({ id: 1, name: 'Apple' }, 'Green apple'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Apple' })).toBeNull());
  },
});

/** A refused save stays in its dialog, the refusal at the form, what was typed kept. */
export const RefusedStaysOpen = meta.story({
  args: { onCreate: fn(() => Promise.reject(new Error('Fruit Pear already exists'))) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add fruit' }));
    const add = await screen.findByRole('dialog', { name: 'Add fruit' });
    await userEvent.type(within(add).getByLabelText('Name'), 'Pear');
    await userEvent.click(within(add).getByRole('button', { name: 'Save' }));
    await expect(await within(add).findByRole('alert')).toHaveTextContent('Fruit Pear already exists');
    await expect(args.onCreate).toHaveBeenCalledTimes(1);
    await expect(within(add).getByLabelText('Name')).toHaveValue('Pear');
    await expect(within(add).getByRole('button', { name: 'Save' })).toBeEnabled();
  },
});

/** Delete asks first; Cancel deletes nothing, Delete deletes and closes. */
export const DeleteAsksFirst = meta.story({
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Apple' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Delete fruit' });
    await expect(ask).toHaveTextContent('Delete Apple?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByRole('button', { name: 'Delete Apple' }));
    ask = await screen.findByRole('alertdialog', { name: 'Delete fruit' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith({ id: 1, name: 'Apple' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
});
