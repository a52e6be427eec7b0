/**
 * The category forms (000 §2 "Category create/edit", "Category sticky id"; §5 rules; 001 §8):
 * every message of the create/edit form in the seeds' (and the API's) words, nothing saved
 * while invalid, duplicates by name (any case) or sticky id refused with the 001 §8 texts,
 * an edited category keeping its own name and sticky id, and the import form's messages.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CategoryForm, CategoryImportForm, categoryDefaults } from '../../../src/features/categories/components/CategoryForms';
import { MSG, RMSG } from '../../../src/model';
import { Button } from '../../../src/ui';
import { NO_EVENTS, storyCategories } from './fixtures';
import { fill, fillAll, withSaveButton } from '../../form-story';
import { saveExpecting } from '../../dialog-steps';

const meta = {
  title: 'Categories/CategoryForms',
  component: CategoryForm,
  subcomponents: { CategoryImportForm },
  args: { id: 'category-form', categories: storyCategories, onSave: fn(async () => {}), onDuplicate: fn() },
  render: withSaveButton(CategoryForm),
} satisfies Meta<typeof CategoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Save with nothing typed: 'Missing Category Name' and 'Missing Sticky ID'; nothing saved. */
export const Required: Story = {
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Save the empty form', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step("The seed's messages; nothing saved", async () => {
      await expect(await canvas.findByText(MSG.categoryName)).toBeVisible();
      await expect(canvas.getByText(RMSG.stickyId)).toBeVisible();
      await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
};

/** Sticky ID: letters → 'Input only numbers'; six digits → 'Sticky ID is at most 5 digits'. */
export const StickyIdRules: Story = {
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step('A sticky id with letters: only numbers', async () => {
      await fillAll(userEvent, canvas, { Name: 'Hair', 'Sticky ID': '12a' });
      await saveExpecting(userEvent, canvasElement, [MSG.onlyNumbers]);
    });
    await step('A sticky id of six digits: at most 5 digits; nothing saved', async () => {
      await fill(userEvent, canvas, 'Sticky ID', '123456');
      await saveExpecting(userEvent, canvasElement, [RMSG.stickyIdLength]);
      await expect(RMSG.stickyIdLength).toBe('Sticky ID is at most 5 digits');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
};

/** Event ids: optional; six digits → 'Event ids are digits only, at most 5'; letters → 'Input only numbers'. */
export const EventIdRules: Story = {
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step("Bad event ids: the seed's messages; nothing saved", async () => {
      await fillAll(userEvent, canvas, { Name: 'Hair', 'Sticky ID': '106', 'Void event ID': '123456', 'RMA event ID': 'x1' });
      await saveExpecting(userEvent, canvasElement, [RMSG.eventId, MSG.onlyNumbers]);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Fix them and save: the ids as numbers, empty ones null', async () => {
      await fillAll(userEvent, canvas, { 'Void event ID': '12345', 'RMA event ID': '' });
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(args.onSave).toHaveBeenCalledWith({
        name: 'Hair',
        sticky_id: 106,
        description: '',
        ...NO_EVENTS,
        event_void: 12345,
      });
    });
  },
};

/**
 * A duplicate refused before the call: `fields` typed and saved, `message` on the form, `toast`
 * for the info toast (001 §8), nothing saved.
 */
const duplicateStory = (saveStep: string, fields: Record<string, string>, message: string, toast: string): Story => ({
  play: async ({ canvas, userEvent, args, step }) => {
    await step(saveStep, async () => {
      await fillAll(userEvent, canvas, fields);
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('The duplicate message; nothing saved', async () => {
      await expect(await canvas.findByText(message)).toBeVisible();
      await expect(args.onDuplicate).toHaveBeenCalledWith(toast);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
  },
});

/** A name another category has, in another case: 'Category skin care already exists' on the field and for the info toast; not saved. */
export const DuplicateName: Story = duplicateStory(
  'Save a name that exists in another case',
  { Name: 'skin care', 'Sticky ID': '106' },
  'Category skin care already exists',
  MSG.categoryExists('skin care'),
);

/** A sticky id another category has: 'Category with 104 already exists'; not saved. */
export const DuplicateStickyId: Story = duplicateStory(
  'Save a sticky id another category has',
  { Name: 'Hair', 'Sticky ID': '104' },
  'Category with 104 already exists',
  'Category with 104 already exists',
);

/** Editing a category: its stored values; keeping its own name and sticky id is no duplicate. */
export const EditKeepsOwnName: Story = {
  args: { id: 'edit-category-form', category: storyCategories[0], onSave: fn(async () => {}), onDuplicate: fn() },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The form holds the stored values', async () => {
      await expect(canvas.getByLabelText('Name')).toHaveValue('Skin Care');
      await expect(canvas.getByLabelText('Refund event ID')).toHaveValue('7002');
    });
    await step('Change the description and save', async () => {
      await fill(userEvent, canvas, 'Description', 'Creams');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(args.onDuplicate).not.toHaveBeenCalled();
      await expect(args.onSave).toHaveBeenCalledWith({
        ...categoryDefaults(storyCategories[0]!),
        description: 'Creams',
        sticky_id: 102,
        event_order: 7001,
        event_refund: 7002,
        event_shipping: null,
        event_void: null,
        event_rma: null,
        event_return: null,
      });
    });
  },
};

/** The import form ("Category sticky id"): 'Missing Sticky ID', the length rule, a sticky id already stored refused, then imported. */
export const ImportForm: Story = {
  render: (args) => (
    <>
      <CategoryImportForm id="import-form" categories={args.categories} onImport={args.onSave} onDuplicate={args.onDuplicate} />
      <Button variant="primary" type="submit" form="import-form">
        Import
      </Button>
    </>
  ),
  play: async ({ canvas, userEvent, args, step }) => {
    let importButton!: HTMLElement;
    await step("Import with no sticky id: the seed's message", async () => {
      importButton = canvas.getByRole('button', { name: 'Import' });
      await userEvent.click(importButton);
      await expect(await canvas.findByText(RMSG.stickyId)).toBeVisible();
    });
    await step('A sticky id of six digits: at most 5 digits', async () => {
      await fill(userEvent, canvas, 'Sticky ID', '123456');
      await userEvent.click(importButton);
      await expect(await canvas.findByText(RMSG.stickyIdLength)).toBeVisible();
    });
    await step('A sticky id already listed: the duplicate message; nothing saved', async () => {
      await fill(userEvent, canvas, 'Sticky ID', '102');
      await userEvent.click(importButton);
      await expect(await canvas.findByText('Category with 102 already exists')).toBeVisible();
      await expect(args.onDuplicate).toHaveBeenCalledWith('Category with 102 already exists');
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Import 101', async () => {
      await fill(userEvent, canvas, 'Sticky ID', '101');
      await userEvent.click(importButton);
      await expect(args.onSave).toHaveBeenCalledWith(101);
    });
  },
};
