/**
 * The Pixels tab of a funnel (001 §2 "Funnel page", §3 Pixel, §5 rules, §7, §9): one row per
 * pixel and page, Add (one call per selected page), Edit and Delete with confirmation;
 * read-only while the funnel is locked. The code is stored normalised (001 §5).
 */
import { useCallback, useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Controller } from 'react-hook-form';
import { PIXEL_LOCATIONS, PixelFormSchema, type Page, type Pixel, type PixelForm as PixelFormInput } from '../../../model';
import { Box, SelectField, TextAreaField, TextField, styles as s } from '../../../ui';
import { RecordsTab, type RecordWrites } from './RecordsTab';
import type { PixelFormValues } from '../tabs-api';
import * as px from './pixels.css';
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';

/** The empty list (the seeds name no wording for pixels; this follows their 'No … added'). */
export const NO_PIXELS = 'No Pixels added';

/** Props of {@link PixelForm}. */
export interface PixelFormProps {
  id: string;
  /** The funnel's pages to put the pixel on. */
  pages: Pick<Page, 'ID' | 'name' | 'page_path'>[];
  defaultValues?: Partial<PixelFormInput>;
  onSave: (v: PixelFormValues) => Promise<unknown> | void;
}

/**
 * The pixel form (001 §5): name ('Missing Pixel Name'), location head or body ('Please select
 * location') and code ('Missing Pixel Code') required, at least one page ('Please select at
 * least one page'). The saved code has double quotes turned into single quotes and no line breaks.
 */
export function PixelForm({ id, pages, defaultValues, onSave }: PixelFormProps) {
  const { handleSubmit, control, errors, field } = useDialogForm(PixelFormSchema, 'name', { name: '', aff_id: '', code: '', pageIds: [], ...defaultValues });
  const pagesError = errors.pageIds?.message ?? errors.pageIds?.root?.message;
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <TextField label="Name" {...field('name')} />
      <TextField label="Affiliate ID" help="Optional: only for this affiliate's traffic." {...field('aff_id')} />
      <SelectField
        label="Location"
        placeholder="Select location"
        options={PIXEL_LOCATIONS}
        {...field('location', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
      />
      <TextAreaField
        label="Code"
        rows={5}
        spellCheck={false}
        help="Saved with double quotes turned into single quotes and line breaks removed."
        {...field('code')}
      />
      <Controller
        control={control}
        name="pageIds"
        render={({ field }) => (
          <fieldset className={px.pages} aria-describedby={pagesError ? `${id}-pages-error` : undefined}>
            <legend>Pages</legend>
            {pages.length === 0 && (
              <Box as="p" margin="none" className={s.helpText}>
                This funnel has no pages yet.
              </Box>
            )}
            {pages.map((p) => {
              const checked = (field.value ?? []).includes(p.ID);
              return (
                <label key={p.ID} className={px.pageOption}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onBlur={field.onBlur}
                    onChange={() => field.onChange(checked ? (field.value ?? []).filter((x) => x !== p.ID) : [...(field.value ?? []), p.ID])}
                  />
                  {p.name} <code>{p.page_path}</code>
                </label>
              );
            })}
            {pagesError && (
              <span id={`${id}-pages-error`} role="alert" className={s.errorText}>
                {pagesError}
              </span>
            )}
          </fieldset>
        )}
      />
    </DialogForm>
  );
}

/**
 * Props of {@link PixelsTab}. `onCreate` creates the pixel on every selected page (one call per
 * page, 001 §7); `onUpdate` replaces it (its first selected page) and copies it to the others.
 */
export interface PixelsTabProps extends RecordWrites<Pixel, PixelFormValues> {
  pixels: Pixel[];
  /** The funnel's pages (the pixel's page is shown by its path; the form picks from them). */
  pages: Pick<Page, 'ID' | 'name' | 'page_path'>[];
}

/** See {@link PixelsTabProps}. */
export function PixelsTab({ pixels, pages, ...writes }: PixelsTabProps) {
  const pathOf = useMemo(() => new Map(pages.map((p) => [p.ID, p.page_path])), [pages]);
  const named = useCallback((p: Pixel) => `${p.name} on ${pathOf.get(p.page) ?? `page ${p.page}`}`, [pathOf]);
  const columns = useMemo<ColumnDef<Pixel, unknown>[]>(
    () => [
      { header: 'Name', accessorKey: 'name' },
      { header: 'Affiliate', cell: ({ row: { original: p } }) => p.aff_id || '—' },
      { header: 'Page', cell: ({ row: { original: p } }) => <code>{pathOf.get(p.page) ?? p.page}</code> },
      { header: 'Location', accessorKey: 'location' },
      {
        header: 'Code',
        cell: ({ row: { original: p } }) => (
          <code className={px.codeCell} title={p.code}>
            {p.code}
          </code>
        ),
      },
    ],
    [pathOf],
  );
  return (
    <RecordsTab
      label="Pixels"
      kind="pixel"
      records={pixels}
      columns={columns}
      nameOf={named}
      emptyMessage={NO_PIXELS}
      {...writes}
      form={({ id, record: p, onSave }) => (
        <PixelForm
          id={id}
          pages={pages}
          onSave={onSave}
          defaultValues={p ? { name: p.name, aff_id: p.aff_id, location: p.location, code: p.code, pageIds: [p.page] } : undefined}
        />
      )}
    />
  );
}
