/**
 * The category forms (000 §2 "Category create/edit", "Category sticky id"; §5 rules; 001 §5,
 * §8): the create/edit form and the import-by-sticky-id form. Both validate with the model's
 * schemas (the API's own), so the messages are the server's: 'Missing Category Name', 'Missing
 * Sticky ID', 'Input only numbers', 'Sticky ID is at most 5 digits', 'Event ids are digits
 * only, at most 5'. A name (any case) or sticky id another category has is refused before the
 * call with 'Category [name] already exists' / 'Category with [id] already exists' (001 §8),
 * on the field and through `onDuplicate` (the screen's info toast); the server refuses them
 * again with a 409.
 */
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';
import type { z } from 'zod';
import { CategoryFormSchema, CategoryImportSchema, LIMITS, MSG, type Category, type CategoryForm as CategoryFormInput } from '../../../model';
import { TextAreaField, TextField } from '../../../ui';
import { EVENT_FIELDS } from './event-fields';

/** What the create/edit form saves (the schema's output: ids as numbers, absent event ids null). */
export type CategoryFormValues = z.output<typeof CategoryFormSchema>;

export { EVENT_FIELDS } from './event-fields';

/**
 * The 001 §8 message of a duplicate among `others` (except category `self`): by name, any case,
 * first, then by sticky id — the server's order. @returns the field and message, or null.
 */
export function duplicateOf(
  others: readonly Category[],
  name: string,
  stickyId: number,
  self?: number,
): { field: 'name' | 'sticky_id'; message: string } | null {
  const rest = others.filter((c) => c.ID !== self);
  if (rest.some((c) => c.name.toLowerCase() === name.toLowerCase())) return { field: 'name', message: MSG.categoryExists(name) };
  if (rest.some((c) => c.sticky_id === stickyId)) return { field: 'sticky_id', message: MSG.categoryIdExists(stickyId) };
  return null;
}

/** The form's values of a stored category (ids as text, absent event ids empty). */
export const categoryDefaults = (c: Category): CategoryFormInput => ({
  name: c.name,
  sticky_id: String(c.sticky_id),
  description: c.description,
  ...Object.fromEntries(EVENT_FIELDS.map(([k]) => [k, c[k] == null ? '' : String(c[k])])),
});

/** Props of {@link CategoryForm}. */
export interface CategoryFormProps {
  /** The form's id: the dialog's Save submits it. */
  id: string;
  /** The category edited, or absent when creating. */
  category?: Category;
  /** Every category, for the duplicate check. */
  categories: readonly Category[];
  onSave: (v: CategoryFormValues) => Promise<unknown>;
  /** Called with the 001 §8 message when a duplicate is refused (the screen shows it as an info toast). */
  onDuplicate: (message: string) => void;
}

/** The category create/edit form (000 §5): name required, sticky id digits ≤ 5, event ids optional digits ≤ 5. */
export function CategoryForm({ id, category, categories, onSave, onDuplicate }: CategoryFormProps) {
  const { register, handleSubmit, setError, errors, field } = useDialogForm(
    CategoryFormSchema,
    'name',
    category ? categoryDefaults(category) : { name: '', sticky_id: '', description: '', ...Object.fromEntries(EVENT_FIELDS.map(([k]) => [k, ''])) },
  );
  const submit = handleSubmit(async (v) => {
    const dup = duplicateOf(categories, v.name, v.sticky_id, category?.ID);
    if (dup) {
      setError(dup.field, { message: dup.message });
      onDuplicate(dup.message);
      return;
    }
    await onSave(v);
  });
  return (
    <DialogForm id={id} onSubmit={submit}>
      <TextField label="Name" {...field('name')} />
      <TextField label="Sticky ID" inputMode="numeric" help={`Digits only, at most ${LIMITS.stickyId}.`} {...field('sticky_id')} />
      <TextAreaField label="Description" {...field('description')} />
      {EVENT_FIELDS.map(([k, label]) => (
        <TextField
          key={k}
          label={label}
          inputMode="numeric"
          help={`Optional; digits only, at most ${LIMITS.eventId}.`}
          error={errors[k]?.message}
          {...register(k)}
        />
      ))}
    </DialogForm>
  );
}

/** Props of {@link CategoryImportForm}. */
export interface CategoryImportFormProps {
  id: string;
  /** Every category, for the duplicate check by sticky id. */
  categories: readonly Category[];
  /** Imports the platform's category of that sticky id. */
  onImport: (stickyId: number) => Promise<unknown>;
  onDuplicate: (message: string) => void;
}

/** The "Category sticky id" form (000 §2): the sticky id of a category of the order platform to import. */
export function CategoryImportForm({ id, categories, onImport, onDuplicate }: CategoryImportFormProps) {
  const { handleSubmit, setError, field } = useDialogForm(CategoryImportSchema, 'sticky_id', { sticky_id: '' });
  const submit = handleSubmit(async ({ sticky_id }) => {
    if (categories.some((c) => c.sticky_id === sticky_id)) {
      const message = MSG.categoryIdExists(sticky_id);
      setError('sticky_id', { message });
      onDuplicate(message);
      return;
    }
    await onImport(sticky_id);
  });
  return (
    <DialogForm id={id} onSubmit={submit}>
      <TextField
        label="Sticky ID"
        inputMode="numeric"
        help="The category's ID on the order platform; its name and description are copied."
        {...field('sticky_id')}
      />
    </DialogForm>
  );
}
