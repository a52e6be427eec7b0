import preview from '../../../.storybook/preview';
import { expect, screen, waitFor, within } from 'storybook/test';
import { expectEmptyStateAction } from '../../helpers';
import { RecordsTab, type RecordFormProps } from '../../../src/features/funnels/components/RecordsTab';
import { TextField } from '../../../src/ui';
import { lockedTabStory } from './locked-tab';
import { openDialog, saveAndClose } from '../../dialog-steps';
import { resolvingSpies } from '../../spies';

interface Note {
  ID: number;
  title: string;
}

/** A one-field form, as a record tab's form is: submitted by id from the dialog's Save. */
function NoteForm({ id, record, onSave }: RecordFormProps<Note, { title: string }>) {
  return (
    <form
      id={id}
      onSubmit={(e) => {
        e.preventDefault();
        const v = new FormData(e.currentTarget).get('title');
        void onSave({ title: typeof v === 'string' ? v : '' });
      }}
    >
      <TextField label="Title" name="title" defaultValue={record?.title ?? ''} />
    </form>
  );
}

const meta = preview.meta({
  title: 'Funnels/RecordsTab',
  component: RecordsTab<Note, { title: string }>,
  args: {
    label: 'Notes',
    kind: 'note',
    plural: 'notes',
    addLabel: 'Add note',
    deleteTitle: 'Delete note',
    emptyMessage: 'No Notes added',
    records: [
      { ID: 1, title: 'Launch' },
      { ID: 2, title: 'Retest' },
    ],
    columns: [{ header: 'Title', accessorKey: 'title' }],
    nameOf: (n: Note) => `note ${n.title}`,
    deleteMessage: (n: Note) => `Are you sure you want to delete note ${n.title}?`,
    form: (p: RecordFormProps<Note, { title: string }>) => <NoteForm {...p} />,
    ...resolvingSpies('onCreate', 'onUpdate', 'onDelete'),
  },
});

/** Add, edit (prefilled with the record) and delete (asked first), each calling its handler with what the operator gave. */
export const AddEditDelete = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Add a note', async () => {
      const add = await openDialog(canvas, userEvent, 'Add note');
      await userEvent.type(within(add).getByLabelText('Title'), 'Review');
      await saveAndClose(userEvent, add, () => expect(args.onCreate).toHaveBeenCalledWith({ title: 'Review' }));
    });

    await step('Edit a note', async () => {
      const edit = await openDialog(canvas, userEvent, 'Edit note Retest');
      await expect(within(edit).getByLabelText('Title')).toHaveValue('Retest');
      await userEvent.type(within(edit).getByLabelText('Title'), ' 2');
      await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onUpdate).toHaveBeenCalledWith({ ID: 2, title: 'Retest' }, { title: 'Retest 2' }));
    });

    await step('Delete a note, after asking', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete note Launch' }));
      const ask = await screen.findByRole('alertdialog', { name: 'Delete note' });
      await expect(ask).toHaveTextContent('Are you sure you want to delete note Launch?');
      await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith({ ID: 1, title: 'Launch' }));
    });
  },
});

/** No records: the empty state given, with the tab's Add button next to it (opens the same dialog). */
export const Empty = meta.story({
  args: { records: [] },
  play: ({ canvasElement, userEvent }) => expectEmptyStateAction(canvasElement, userEvent, 'No Notes added', 'Add note'),
});

/** No records on a locked funnel: no action in the empty state; the toolbar's Add stays disabled. */
export const EmptyLocked = meta.story({
  args: { records: [], locked: true },
  play: async ({ canvas, step }) => {
    await step('No action in the empty state', async () => {
      await expect(within(canvas.getByRole('status')).queryByRole('button')).toBeNull();
    });
    await step("The toolbar's Add stays disabled", async () => {
      await expect(canvas.getByRole('button', { name: 'Add note' })).toBeDisabled();
    });
  },
});

/** Locked funnel: nothing can be added, edited or deleted, and the reason is said. */
export const Locked = meta.story(
  lockedTabStory(['Add note', 'Edit note Launch', 'Delete note Launch'], 'The funnel is locked: unlock it to add, edit or delete notes.'),
);
