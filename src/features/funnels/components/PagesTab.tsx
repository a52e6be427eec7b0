/**
 * The Pages tab of a funnel (001 §2): a table grouped by path prefix with the actions
 * Clone, Redirect, Settings (name, type, path, template, next and skip page), Designer, Edit
 * (the page editor) and Delete ('Are you sure you want to delete this page?'), and Add page.
 * Rows show unsaved edits of a page made here (its editor document), so the table agrees
 * with what Save will send. The flow-diagram view comes with the pages-flow issue.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { flowOrder, pathGroup, type Page, type PageForm as PageFormValues, type Template } from '../../../model';
import { useEditorStore } from '../../../editor';
import { Box, Button, ConfirmDialog, DataTable, FormModal, Inline, styles as s, useBusyAction } from '../../../ui';
import { PageForm } from './PageForm';
import { PageSettingsDialog, type PageSettingsPart } from './PageSettings';

/** Props of {@link PagesTab}. */
export interface PagesTabProps {
  funnelId: number;
  pages: Page[];
  indexPageId: number | null;
  templates: Template[];
  locked?: boolean;
  onCreate: (v: PageFormValues) => Promise<unknown>;
  /** Creates a copy of `source` (its content, split and links) with the form's name, type, path and template. */
  onClone: (source: Page, v: PageFormValues) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
}

/**
 * A free path for a copy of the page at `path`: `/checkout/` → `/checkout-copy/`, then
 * `/checkout-copy-2/`…; the index path `/` → `/copy/`.
 */
export function clonePath(path: string, taken: readonly string[]): string {
  const stem = path.replace(/\/+$/, '');
  for (let n = 1; ; n++) {
    const candidate = `${stem}${stem ? '-' : '/'}copy${n > 1 ? `-${n}` : ''}/`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** See {@link PagesTabProps}. */
export function PagesTab({ funnelId, pages: listed, indexPageId, templates, locked = false, onCreate, onClone, onDelete }: PagesTabProps) {
  const docs = useEditorStore((st) => st.docs);
  const pages = useMemo(() => listed.map((p) => (docs[`page:${p.ID}`]?.value as Page | undefined) ?? p), [listed, docs]);
  const [editing, setEditing] = useState<{ id: number; part: PageSettingsPart } | null>(null);
  const [adding, setAdding] = useState(false);
  const [cloning, setCloning] = useState<Page | null>(null);
  const [deleting, setDeleting] = useState<Page | null>(null);
  const [busy, run] = useBusyAction();
  const byId = useMemo(() => new Map(pages.map((p) => [p.ID, p])), [pages]);
  const sorted = useMemo(() => flowOrder(pages, indexPageId), [pages, indexPageId]);
  const columns = useMemo<ColumnDef<Page, unknown>[]>(() => [
    { header: 'ID', accessorKey: 'ID' },
    { header: 'Name', cell: ({ row: { original: p } }) => <>{p.name}{p.ID === indexPageId && <Box as="span" className={`${s.badge} ${s.tone.info}`} marginLeft={6}>Index</Box>}</> },
    { header: 'Type', accessorKey: 'page_type' },
    { header: 'Path', cell: ({ row: { original: p } }) => <code>{p.page_path}</code> },
    { header: 'Next page', cell: ({ row: { original: p } }) => (p.page_id ? byId.get(p.page_id)?.page_path ?? '—' : '—') },
    { header: 'Skip page', cell: ({ row: { original: p } }) => (p.page_alt_id ? byId.get(p.page_alt_id)?.page_path ?? '—' : '—') },
    { header: 'Actions', cell: ({ row: { original: p } }) => (
      <div className={s.row}>
        <Button size="sm" variant="ghost" isDisabled={locked} onPress={() => setCloning(p)} aria-label={`Clone ${p.name}`}>Clone</Button>
        <Button size="sm" variant="ghost" onPress={() => setEditing({ id: p.ID, part: 'redirect' })} aria-label={`Redirect ${p.name}`}>
          {(p.meta as { redirect?: { path?: string } }).redirect?.path ? 'Redirect ↪' : 'Redirect'}
        </Button>
        <Button size="sm" variant="ghost" onPress={() => setEditing({ id: p.ID, part: 'settings' })} aria-label={`Settings of ${p.name}`}>Settings</Button>
        <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/template-editor/${p.ID}`} aria-label={`Designer for ${p.name}`}>Designer</Link>
        <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/funnels/${funnelId}/pages/${p.ID}`} aria-label={`Edit ${p.name}`}>Edit</Link>
        <Button size="sm" variant="ghost" isDisabled={locked} onPress={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>Delete</Button>
      </div>
    ) },
  ], [byId, funnelId, indexPageId, locked]);
  return (
    <section aria-label="Pages">
      <Inline marginBottom="md">
        <span className={s.spacer} />
        <Button variant="primary" isDisabled={locked} onPress={() => setAdding(true)}>Add page</Button>
      </Inline>
      <DataTable label="Pages" columns={columns} data={sorted} getRowId={(p) => String(p.ID)} emptyMessage="No Pages added" groupBy={(p) => pathGroup(p.page_path)} />
      <FormModal title="Add page" isOpen={adding} formId="page-form" busy={busy} onCancel={() => setAdding(false)}>
        <PageForm id="page-form" templates={templates} existingPaths={pages.map((p) => p.page_path)}
          onSave={(v) => run(() => onCreate(v), () => setAdding(false))} />
      </FormModal>
      <FormModal title={cloning ? `Clone ${cloning.name}` : 'Clone page'} isOpen={!!cloning} formId="clone-page-form" busy={busy} saveLabel="Clone" onCancel={() => setCloning(null)}>
        {cloning && <>
          <p>The copy keeps the page's content and its next and skip pages.</p>
          <PageForm id="clone-page-form" templates={templates} existingPaths={pages.map((p) => p.page_path)}
            defaultValues={{ name: `${cloning.name} (copy)`, page_type: cloning.page_type, page_path: clonePath(cloning.page_path, pages.map((p) => p.page_path)), template_id: cloning.template_id }}
            onSave={(v) => run(() => onClone(cloning, v), () => setCloning(null))} />
        </>}
      </FormModal>
      {editing && listed.some((p) => p.ID === editing.id) && (
        <PageSettingsDialog page={listed.find((p) => p.ID === editing.id)!} pages={pages} templates={templates} part={editing.part} locked={locked}
          onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog isOpen={!!deleting} title="Delete page" danger confirmLabel="Delete" busy={busy}
        message="Are you sure you want to delete this page?" onCancel={() => setDeleting(null)}
        onConfirm={() => { if (deleting) void run(() => onDelete(deleting.ID), () => setDeleting(null)); }} />
    </section>
  );
}
