/**
 * The Add template / Edit template form (001 §2 "Templates" actions; §5 Template rules: name,
 * page type, layout of letters, digits, _ and -, preview path with the slash rule, and meta
 * required — 'Meta can not be empty!'; §9: the template preview host prefix is stripped when
 * stored). Rendered inside the modal host; its Save submits this form by `id`, so nothing is
 * sent while a field is invalid.
 *
 * - Preview path: a full address on the preview host is accepted and kept as its path (shown
 *   so as soon as the field is left); any other address is refused with the page-path message.
 * - Meta: raw JSON in the code editor (CodeMirror, loaded with the form); blank or `{}` is
 *   'Meta can not be empty!', invalid JSON is refused with its line and column, and code in
 *   `css` / `customJs` that does not parse is refused as the server refuses it ('Not valid css
 *   code', 'Not valid javascript code').
 * - A refusal of the server stays in the form, next to the field it is about.
 */
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { DialogForm, FormError, useDialogForm } from '../../../ui/DialogForm';
import { z } from 'zod';
import { PAGE_TYPES, stripTemplateHost, TemplateFormSchema, type Template } from '../../../model';
import { metaCodeProblem, parseMeta } from '../../../model/code-check';
import { LazyCodeEditor, SelectField, TextField } from '../../../ui';

/** What the form gives its save handler: the template's members, the preview path stripped of the host. */
export interface TemplateValues {
  name: string;
  page_type: Template['page_type'];
  layout: string;
  template_host_url: string;
  meta: Record<string, unknown>;
}

/** The fields as typed (meta as JSON text). */
interface TemplateInput {
  name: string;
  page_type: string;
  layout: string;
  template_host_url: string;
  meta: string;
}

const BASE = TemplateFormSchema.omit({ archived: true });

/**
 * The form's schema: the model's TemplateFormSchema, with the preview path stripped of `host`
 * before the page-path rule and the meta parsed from its JSON text (parseMeta, then the code
 * checks of its `css` / `customJs`, then the model's meta rules: those of a page's meta,
 * named by their key, e.g. "main_color: Please select blue, green or orange").
 */
export function templateFormSchema(host: string) {
  return BASE.extend({
    // A select's value is any string until it is checked ('' before a choice: 'Missing Page Type').
    page_type: z.string().pipe(BASE.shape.page_type),
    template_host_url: z
      .string()
      .transform((v) => stripTemplateHost(v.trim(), host))
      .pipe(BASE.shape.template_host_url),
    meta: z.string().transform((text, ctx) => {
      const parsed = parseMeta(text);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem.message });
        return z.NEVER;
      }
      const code = metaCodeProblem(parsed.meta);
      if (code) {
        ctx.addIssue({ code: 'custom', message: code });
        return z.NEVER;
      }
      // The model's template meta rules: a page's meta, as the server checks it.
      const checked = BASE.shape.meta.safeParse(parsed.meta);
      const issue = checked.error?.issues[0];
      if (issue) {
        ctx.addIssue({ code: 'custom', message: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message });
        return z.NEVER;
      }
      return parsed.meta;
    }),
  });
}

/** The field a server message is about (the server answers one `message`). */
function fieldOf(message: string): keyof TemplateInput | 'root.server' {
  if (/layout/i.test(message)) return 'layout';
  if (/page path|slash/i.test(message)) return 'template_host_url';
  if (/meta|css|javascript|json|code/i.test(message)) return 'meta';
  if (/page type/i.test(message)) return 'page_type';
  if (/name/i.test(message)) return 'name';
  return 'root.server';
}

/** Props of {@link TemplateForm}. */
export interface TemplateFormProps {
  /** The form element's id (the modal's Save submits it). */
  id: string;
  /** The template edited; none: Add template. */
  template?: Pick<Template, 'name' | 'page_type' | 'layout' | 'template_host_url' | 'meta'>;
  /** The template preview host (e.g. 'https://templates.example'): prefix shown, and stripped from a full address typed in. */
  previewHost: string;
  /** The layouts the renderer has (suggested as the layout is typed). */
  layouts: readonly string[];
  /** Saves the values. @throws Error whose message is the server's refusal (shown at its field). */
  onSave: (v: TemplateValues) => Promise<unknown>;
}

/** See the module comment. */
export function TemplateForm({ id, template, previewHost, layouts, onSave }: TemplateFormProps) {
  const schema = useMemo(() => templateFormSchema(previewHost), [previewHost]);
  const { handleSubmit, control, setError, setValue, formState, errors, field } = useDialogForm(schema, 'name', {
    name: template?.name ?? '',
    page_type: template?.page_type ?? '',
    layout: template?.layout ?? '',
    template_host_url: template?.template_host_url ?? '',
    meta: template ? JSON.stringify(template.meta, null, 2) : '',
  });
  // Read while rendering, so that the form state re-renders this form when it changes.
  const { isSubmitted } = formState;
  const listId = `${id}-layouts`;
  const host = previewHost.replace(/\/+$/, '');
  const submit = handleSubmit(async (v) => {
    try {
      await onSave(v);
    } catch (e) {
      const message = (e as Error).message;
      setError(fieldOf(message), { message });
    }
  });
  return (
    <DialogForm id={id} onSubmit={submit}>
      <FormError message={errors.root?.server?.message} />
      <TextField label="Name" {...field('name')} />
      <SelectField label="Page type" placeholder="Select a page type" options={PAGE_TYPES} {...field('page_type')} />
      <TextField
        label="Layout"
        list={listId}
        autoComplete="off"
        help={layouts.length ? `Letters, digits, _ and -; the renderer has ${layouts.join(', ')}` : 'Letters, digits, _ and -'}
        {...field('layout')}
      />
      <datalist id={listId}>
        {layouts.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <TextField
        label="Preview path"
        placeholder="/checkout/"
        help={
          host
            ? `Shown as ${host}/…; starts and ends with a slash. A full address on ${host} is kept as its path.`
            : 'Starts and ends with a slash, e.g. /checkout/'
        }
        {...field('template_host_url', {
          // The stored form shows as soon as the field is left (001 §9: the prefix is stripped when stored).
          onBlur: (e: { target: { value: string } }) => {
            const path = stripTemplateHost(e.target.value.trim(), previewHost);
            if (path !== e.target.value) setValue('template_host_url', path, { shouldValidate: isSubmitted });
          },
        })}
      />
      <Controller
        control={control}
        name="meta"
        render={({ field, fieldState }) => (
          <LazyCodeEditor
            label="Meta"
            language="json"
            value={field.value}
            height="14rem"
            error={fieldState.error?.message}
            help="The template's default meta as a JSON object; pages made from it start with it. Tab indents; Escape then Tab leaves the editor."
            ref={field.ref}
            onChange={field.onChange}
            onBlur={() => field.onBlur()}
          />
        )}
      />
    </DialogForm>
  );
}
