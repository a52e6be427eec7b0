import { useWatch } from 'react-hook-form';
import { useDialogForm } from '../../../ui/DialogForm';
import { MSG, PAGE_TYPES, PageFormSchema, type PageForm as PageFormValues, type Template } from '../../../model';
import { SelectField, TextField } from '../../../ui';

/** Props of {@link PageForm}. */
export interface PageFormProps {
  id: string;
  templates: Pick<Template, 'ID' | 'name' | 'page_type' | 'archived'>[];
  /** Paths already used in this funnel: a duplicate is refused with 'Page path already exists' (001 §5, §8). */
  existingPaths: string[];
  defaultValues?: Partial<PageFormValues>;
  onSave: (v: PageFormValues) => Promise<unknown> | void;
}

/**
 * The add/edit page form (001 §5): page path with the slash rule, name ('Missing Name') and
 * type ('Missing Page Type'); the template list follows the chosen type.
 */
export function PageForm({ id, templates, existingPaths, defaultValues, onSave }: PageFormProps) {
  const { register, handleSubmit, control, setError, field } = useDialogForm(PageFormSchema, 'name', {
    name: '',
    page_path: '/',
    template_id: null,
    ...defaultValues,
  });
  const type = useWatch({ control, name: 'page_type' });
  const usable = templates.filter((t) => !t.archived && (!type || t.page_type === type || (type.startsWith('upsell') && t.page_type.startsWith('upsell'))));
  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          if (existingPaths.includes(v.page_path)) {
            setError('page_path', { message: MSG.pagePathExists });
            return;
          }
          await onSave(v);
        })(e)
      }
    >
      <TextField label="Name" {...field('name')} />
      <SelectField
        label="Page type"
        placeholder="Select a page type"
        options={PAGE_TYPES}
        {...field('page_type', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
      />
      <TextField label="Page path" placeholder="/checkout/" help="Starts and ends with a slash, e.g. /checkout/vip/" {...field('page_path')} />
      <SelectField
        label="Template"
        placeholder="No template"
        options={usable.map((t) => ({ value: t.ID, label: t.name }))}
        {...register('template_id', { setValueAs: (v) => (v === '' || v == null ? null : Number(v)) })}
      />
    </form>
  );
}
