/**
 * The Categories list on its own (001 §2 /categories; 000 §3 Category), with the screen's
 * calls as `fn()` args: the filled table with its event ids, the empty list, loading and a
 * list that cannot be read, an operator without write actions, and each write (create,
 * edit, import, delete) reaching its callback with the typed values; a write the server
 * refuses keeps its dialog open with what was typed.
 */
import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CategoryList, NO_CATEGORIES } from '../../../src/features/categories/components/CategoryList';
import { MSG } from '../../../src/model';
import { NO_EVENTS, storyCategories } from './fixtures';
import { importSticky, stepImportNone } from './import-steps';
import { deleteAsksFirstStory } from '../../helpers';
import { openDialog, refusedKeepsDialogStory, retype, stepOpen } from '../../dialog-steps';

const meta = preview.meta({
  title: 'Categories/CategoryList',
  component: CategoryList,
  args: {
    categories: storyCategories,
    canWrite: true,
    onCreate: fn(async () => {}),
    onUpdate: fn(async () => {}),
    onImport: fn(async () => {}),
    onDelete: fn(async () => {}),
    onDuplicate: fn(),
  },
});

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) });

/** Filled: a row per category with sticky id, description and the event ids by name; Edit and Delete per row. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    let skin!: HTMLElement;
    await step('The heading and the columns', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
      table = canvas.getByRole('table', { name: 'Categories' });
      await expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['ID', 'Name', 'Sticky ID', 'Description', 'Event IDs', 'Actions']);
    });
    await step('Each row shows its sticky id, description and event ids', async () => {
      skin = rowOf(table, 'Skin Care');
      await expect(skin).toHaveTextContent('102');
      await expect(skin).toHaveTextContent('Serums, creams and gels');
      await expect(skin).toHaveTextContent('Order 7001, Refund 7002');
      await expect(rowOf(table, 'Teeth Whitening')).toHaveTextContent('Shipping 7101');
    });
    await step('Edit per row, Add and Import on top', async () => {
      await expect(within(skin).getByRole('button', { name: 'Edit Skin Care' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Add category' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Import category' })).toBeVisible();
    });
  },
});

/** No categories: 'No Categories added', and Add / Import still offered. */
export const Empty = meta.story({
  args: { categories: [] },
  play: async ({ canvas, userEvent, step }) => {
    await step('The empty state, one Add category next to it', async () => {
      await expect(canvas.getByText(NO_CATEGORIES)).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Import category' })).toBeEnabled();
      // The one Add category control sits next to the message and opens the same dialog.
      await expect(canvas.getAllByRole('button', { name: 'Add category' })).toHaveLength(1);
    });
    await step('Add category opens the form', async () => {
      await userEvent.click(within(canvas.getByRole('status')).getByRole('button', { name: 'Add category' }));
      await expect(await screen.findByRole('dialog', { name: 'Add category' })).toBeVisible();
    });
  },
});

/** While the list loads: the heading and a loading status, no actions. */
export const Loading = meta.story({
  args: { categories: undefined },
  play: async ({ canvas, step }) => {
    await step('The heading shows', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    });
    await step('The list is loading; no Add', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Loading categories…');
      await expect(canvas.queryByRole('button', { name: 'Add category' })).toBeNull();
    });
  },
});

/** The list cannot be read: the reason where the list would be, no actions. */
export const LoadError = meta.story({
  args: { categories: undefined, loadError: 'Database unavailable' },
  play: async ({ canvas, step }) => {
    await step("The server's message instead of the table", async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Database unavailable');
      await expect(canvas.queryByRole('table')).toBeNull();
    });
    await step('No Import', async () => {
      await expect(canvas.queryByRole('button', { name: 'Import category' })).toBeNull();
    });
  },
});

/** A role that may not write categories: the list without Add, Import, Edit, Delete or the Actions column. */
export const ReadOnly = meta.story({
  args: { canWrite: false },
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The rows are listed', async () => {
      table = canvas.getByRole('table', { name: 'Categories' });
      await expect(rowOf(table, 'Skin Care')).toHaveTextContent('102');
    });
    await step('No actions column and no buttons', async () => {
      await expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      await expect(canvas.queryAllByRole('button')).toEqual([]);
    });
  },
});

/** Add: the seeds' messages while invalid (nothing created), then the typed values reach onCreate and the dialog closes. */
export const Create = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepOpen(step, canvas, userEvent, 'Add category');
    const d = within(dialog);
    await step("Save it empty: the seed's messages; nothing created", async () => {
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await expect(await d.findByText(MSG.categoryName)).toBeVisible();
      await expect(d.getByText('Missing Sticky ID')).toBeVisible();
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
    await step('Fill in name, sticky id and order event, then save', async () => {
      await userEvent.type(d.getByLabelText('Name'), 'Hair');
      await userEvent.type(d.getByLabelText('Sticky ID'), '106');
      await userEvent.type(d.getByLabelText('Order event ID'), '42');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onCreate).toHaveBeenCalledWith({
          name: 'Hair',
          sticky_id: 106,
          description: '',
          ...NO_EVENTS,
          event_order: 42,
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add category' })).toBeNull());
    });
  },
});

/** A name the list already has (any case) is refused before the call: onDuplicate is told, onCreate is not called. */
export const DuplicateName = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const d = within(await stepOpen(step, canvas, userEvent, 'Add category'));
    await step('Save a name that exists in another case: the duplicate, nothing created', async () => {
      await userEvent.type(d.getByLabelText('Name'), 'skin care');
      await userEvent.type(d.getByLabelText('Sticky ID'), '199');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(args.onDuplicate).toHaveBeenCalledWith(MSG.categoryExists('skin care')));
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** Edit: the dialog holds the stored values; the edited form reaches onUpdate with the category. */
export const Edit = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let d!: ReturnType<typeof within>;
    await step('Edit Sports & Fitness: the form holds its values', async () => {
      d = within(await openDialog(canvas, userEvent, 'Edit Sports & Fitness'));
      await expect(d.getByLabelText('Sticky ID')).toHaveValue('103');
    });
    await step('Change the description and save', async () => {
      await retype(userEvent, d.getByLabelText('Description'), 'Bands, mats and bottles');
      await userEvent.click(d.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(args.onUpdate).toHaveBeenCalledWith(
          storyCategories[1],
          expect.objectContaining({
            name: 'Sports & Fitness',
            sticky_id: 103,
            description: 'Bands, mats and bottles',
          }),
        ),
      );
    });
  },
});

/** A save the server refuses (the callback rejects): the dialog stays open with what was typed. */
export const RefusedKeepsDialog = meta.story(
  refusedKeepsDialogStory('onUpdate', 'Category with 103 already exists', {
    open: ['Edit Sports & Fitness', 'Edit Sports & Fitness'],
    fill: ['Rename it and save', (dialog, userEvent) => userEvent.type(within(dialog).getByLabelText('Name'), ' Pro')],
    kept: ['Refused: the dialog stays open with what was typed', 'Name', 'Sports & Fitness Pro'],
  }),
);

/** Import: 'Missing Sticky ID' first; a sticky id reaches onImport as a number. */
export const Import = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const d = within(await stepOpen(step, canvas, userEvent, 'Import category'));
    await stepImportNone(step, userEvent, d);
    await step('Import 101', async () => {
      await importSticky(userEvent, d, '101');
      await waitFor(() => expect(args.onImport).toHaveBeenCalledWith(101));
    });
  },
});

/** Delete asks first: Cancel calls nothing; Delete calls onDelete with the category. */
export const Delete = meta.story(
  deleteAsksFirstStory({
    button: 'Delete Teeth Whitening',
    dialog: 'Delete category',
    question: 'Are you sure you want to delete the category Teeth Whitening?',
    deleted: (onDelete) => expect(onDelete).toHaveBeenCalledWith(storyCategories[2]),
  }),
);
