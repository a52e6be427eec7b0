/**
 * A page's settings and its redirect, edited from the Pages tab (001 §2 "Pages" actions Edit
 * and Redirect, §3 page: name, page_type, page_path, template_id, page_id, page_alt_id, meta
 * `redirect{path, ef}`; §5 the page rules). Bound to the `page:<id>` document: each change is
 * one command of the log (undo/redo, journal, Save in the editor bar, audit diff), checked
 * with the model's rules as it is typed; the dialog's Done only closes it.
 */
import { useMemo, type ChangeEvent } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useDoc, useEditor, useLoadDoc, type DocId } from '../../../editor';
import { MSG, PAGE_TYPES, documentErrors, type Page, type Template } from '../../../model';
import { Box, Button, CheckboxField, SelectField, TextField, styles as s, Skeleton } from '../../../ui';
import { SplitConditionsEditor } from './flow-split';

/** Which part of the page the dialog edits. */
export type PageSettingsPart = 'settings' | 'redirect';

/** Props of {@link PageSettingsDialog}. */
export interface PageSettingsDialogProps {
  /** The page as the Pages tab lists it (loaded into the editor when the dialog opens). */
  page: Page;
  /** The funnel's pages: the next/skip choices and the paths taken. */
  pages: readonly Pick<Page, 'ID' | 'name' | 'page_path' | 'page_type'>[];
  templates: readonly Pick<Template, 'ID' | 'name' | 'page_type' | 'archived'>[];
  part: PageSettingsPart;
  locked?: boolean;
  onClose: () => void;
}

/** The page's fields in a dialog: see the module comment. */
export function PageSettingsDialog({ page, pages, templates, part, locked = false, onClose }: PageSettingsDialogProps) {
  const doc: DocId<'page'> = `page:${page.ID}`;
  useLoadDoc(doc, page);
  const p = useDoc(doc);
  const title = part === 'redirect' ? `Redirect ${p?.name ?? page.name}` : `Page settings: ${p?.name ?? page.name}`;
  return (
    <ModalOverlay isOpen isDismissable={false} className={s.overlay}>
      <Modal className={s.modal}>
        <Dialog className={s.dialog}>
          <Heading slot="title">{title}</Heading>
          {p ? (
            <PageFields doc={doc} p={p} pages={pages} templates={templates} part={part} locked={locked} />
          ) : (
            <Skeleton label="Loading page…" variant="lines" />
          )}
          <Box as="p" className={s.helpText}>
            Changes are kept as you make them (Ctrl+Z undoes); Save in the editor bar sends them.
          </Box>
          <div className={s.dialogFooter}>
            <Button variant="primary" onPress={onClose}>
              Done
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PageFields({
  doc,
  p,
  pages,
  templates,
  part,
  locked,
}: {
  doc: DocId<'page'>;
  p: Page;
  pages: PageSettingsDialogProps['pages'];
  templates: PageSettingsDialogProps['templates'];
  part: PageSettingsPart;
  locked: boolean;
}) {
  const editor = useEditor();
  const errors = useMemo(() => documentErrors('page', p), [p]);
  const set = (label: string, recipe: (d: Page) => void, mergeKey?: string) => {
    if (!locked) editor.edit(doc, label, recipe, mergeKey ? { mergeKey } : undefined);
  };
  /** A page-id select's change: the chosen id, or null for its "none" choice. */
  const setPageId = (label: string, key: 'template_id' | 'page_id' | 'page_alt_id') => (e: ChangeEvent<HTMLSelectElement>) =>
    set(label, (d) => {
      d[key] = e.target.value ? Number(e.target.value) : null;
    });
  const others = pages.filter((x) => x.ID !== p.ID);
  const pathTaken = others.some((x) => x.page_path === p.page_path);
  const choices = others.map((x) => ({ value: x.ID, label: `${x.name} (${x.page_type}) ${x.page_path}` }));
  /** Where one of the page's actions leads: another page of the funnel or none. */
  const link = (label: string, key: 'page_id' | 'page_alt_id', help: string) => (
    <SelectField label={label} placeholder="None" options={choices} value={p[key] ?? ''} help={help} onChange={setPageId(`Set ${label.toLowerCase()}`, key)} />
  );
  const usable = templates.filter(
    (t) => t.ID === p.template_id || (!t.archived && (t.page_type === p.page_type || (p.page_type.startsWith('upsell') && t.page_type.startsWith('upsell')))),
  );
  const redirect = p.meta.redirect ?? { path: '', ef: false };
  const setRedirect = (label: string, next: { path: string; ef?: boolean }, mergeKey?: string) =>
    set(
      label,
      (d) => {
        const m = d.meta;
        if (!next.path && !next.ef) delete m.redirect;
        else m.redirect = { path: next.path, ef: next.ef ?? false };
      },
      mergeKey,
    );
  if (part === 'redirect') {
    return (
      <Box as="fieldset" disabled={locked} border="none" padding="none" margin="none">
        <p>Visitors of {p.page_path} are sent on at once. Leave the address empty to show the page again.</p>
        <TextField
          label="Redirect to"
          placeholder="/offer/ or https://…"
          value={redirect.path}
          error={errors['meta.redirect.path']}
          help="A page path of this funnel's site or a full http(s) address"
          onChange={(e) => setRedirect('Set redirect', { ...redirect, path: e.target.value.trim() }, 'redirect.path')}
        />
        <CheckboxField
          label="Keep the visitor's query string (ef: the Everflow click id and other tracking parameters)"
          checked={redirect.ef === true}
          onChange={(e) =>
            setRedirect(e.target.checked ? 'Keep query string on redirect' : 'Drop query string on redirect', { ...redirect, ef: e.target.checked })
          }
        />
      </Box>
    );
  }
  return (
    <Box as="fieldset" disabled={locked} border="none" padding="none" margin="none">
      <TextField
        label="Name"
        value={p.name}
        error={errors.name}
        onChange={(e) =>
          set(
            'Rename page',
            (d) => {
              d.name = e.target.value;
            },
            'name',
          )
        }
      />
      <SelectField
        label="Page type"
        options={PAGE_TYPES}
        value={p.page_type}
        error={errors.page_type}
        onChange={(e) =>
          set('Set page type', (d) => {
            d.page_type = e.target.value as Page['page_type'];
          })
        }
      />
      <TextField
        label="Page path"
        value={p.page_path}
        error={errors.page_path ?? (pathTaken ? MSG.pagePathExists : undefined)}
        help="Starts and ends with a slash, e.g. /checkout/vip/"
        onChange={(e) =>
          set(
            'Set page path',
            (d) => {
              d.page_path = e.target.value.trim();
            },
            'page_path',
          )
        }
      />
      <SelectField
        label="Template"
        placeholder="No template"
        options={usable.map((t) => ({ value: t.ID, label: t.name }))}
        value={p.template_id ?? ''}
        onChange={setPageId('Set template', 'template_id')}
      />
      {link('Next page', 'page_id', "Where the page's main action leads")}
      {link('Skip page', 'page_alt_id', 'Where No thanks / skip leads (split and upsell pages)')}
      {p.page_type === 'split' && <SplitConditionsEditor doc={doc} page={p} locked={locked} />}
    </Box>
  );
}
