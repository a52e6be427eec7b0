/**
 * The Pages tab of a funnel (001 §2): a table grouped by path prefix with the actions
 * Clone, Redirect, Settings (name, type, path, template, next and skip page), Designer, Edit
 * (the page editor) and Delete ('Are you sure you want to delete this page?'), and Add page.
 * The table is searched, sorted and paged on the server (by name, type or path; by default the
 * flow order grouped by path, a group continuing from the page before saying so), that state in
 * the address (Back restores it); the flow diagram and the editors keep every page (`pages`).
 * Rows show unsaved edits of a page made here (its editor document), so the table agrees
 * with what Save will send. A toggle (kept in the address as `?view=flow`) switches to the
 * flow diagram (PageFlow, loaded on first use) with the same actions and the pre-publish check.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG, flowOrder, pathGroup, type FlowProblem, type Page, type PageForm as PageFormValues, type Template } from '../../../model';
import { useEditorStore } from '../../../editor';
import { Box, Button, DeleteConfirm, FormDialog, Inline, Segmented, Skeleton, styles as s, useBusyAction } from '../../../ui';
import { PagedTable } from '../../../ui/list/PagedTable';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { pathOf } from '../../../model/contract';
import { FUNNEL_PAGE_SORTS, PAGE_ROUTES } from '../../../model/contracts/pages';
import { useFunnelLayout, usePagesTable } from '../tabs-api';
import { PageForm } from './PageForm';
import { PageSettingsDialog, type PageSettingsPart } from './PageSettings';
import { LoadFailed } from '../load-failed';

/** Props of {@link PagesTab}. */
export interface PagesTabProps {
  funnelId: number;
  /** Every page of the funnel (the flow diagram, the next and skip columns, the forms' path checks); the table reads its own page from the server. */
  pages: Page[];
  indexPageId: number | null;
  templates: Template[];
  locked?: boolean;
  onCreate: (v: PageFormValues) => Promise<unknown>;
  /** Creates a copy of `source` (its content, split and links) with the form's name, type, path and template. */
  onClone: (source: Page, v: PageFormValues) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  /** The pre-publish check's problems, shown with the flow diagram. */
  problems?: readonly FlowProblem[];
}

/** The diagram and React Flow (~50 kB gzipped) load when the operator first opens the flow view. */
const PageFlow = lazy(() => import('./PageFlow').then((m) => ({ default: m.PageFlow })));

const VIEWS = [
  { id: 'table', label: 'Table' },
  { id: 'flow', label: 'Flow' },
] as const;

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
export function PagesTab({ funnelId, pages: listed, indexPageId, templates, locked = false, onCreate, onClone, onDelete, problems }: PagesTabProps) {
  const docs = useEditorStore((st) => st.docs);
  const pages = useMemo(() => listed.map((p) => (docs[`page:${p.ID}`]?.value as Page | undefined) ?? p), [listed, docs]);
  const [editing, setEditing] = useState<{ id: number; part: PageSettingsPart } | null>(null);
  const [adding, setAdding] = useState(false);
  const [cloning, setCloning] = useState<Page | null>(null);
  const [deleting, setDeleting] = useState<Page | null>(null);
  const [busy, run] = useBusyAction();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'flow' ? 'flow' : 'table';
  const layout = useFunnelLayout(funnelId, view === 'flow');
  const byId = useMemo(() => new Map(pages.map((p) => [p.ID, p])), [pages]);
  const listedInOrder = useMemo(() => flowOrder(listed, indexPageId), [listed, indexPageId]);
  const columns = useMemo<ColumnDef<Page, unknown>[]>(
    () => [
      { header: 'ID', accessorKey: 'ID' },
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original: p } }) => (
          <>
            {p.name}
            {p.ID === indexPageId && (
              <Box as="span" className={`${s.badge} ${s.tone.info}`} marginLeft={6}>
                Index
              </Box>
            )}
          </>
        ),
      },
      { id: 'type', header: 'Type', accessorKey: 'page_type' },
      { id: 'path', header: 'Path', cell: ({ row: { original: p } }) => <code>{p.page_path}</code> },
      { header: 'Next page', cell: ({ row: { original: p } }) => (p.page_id ? (byId.get(p.page_id)?.page_path ?? '—') : '—') },
      { header: 'Skip page', cell: ({ row: { original: p } }) => (p.page_alt_id ? (byId.get(p.page_alt_id)?.page_path ?? '—') : '—') },
      {
        header: 'Actions',
        cell: ({ row: { original: p } }) => (
          <div className={s.row}>
            <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setCloning(p)} aria-label={`Clone ${p.name}`}>
              Clone
            </Button>
            <Button size="sm" variant="ghost" onPress={() => setEditing({ id: p.ID, part: 'redirect' })} aria-label={`Redirect ${p.name}`}>
              {(p.meta as { redirect?: { path?: string } }).redirect?.path ? 'Redirect ↪' : 'Redirect'}
            </Button>
            <Button size="sm" variant="ghost" onPress={() => setEditing({ id: p.ID, part: 'settings' })} aria-label={`Settings of ${p.name}`}>
              Settings
            </Button>
            <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/template-editor/${p.ID}`} aria-label={`Designer for ${p.name}`}>
              Designer
            </Link>
            <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/funnels/${funnelId}/pages/${p.ID}`} aria-label={`Edit ${p.name}`}>
              Edit
            </Link>
            <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
              Delete
            </Button>
          </div>
        ),
      },
    ],
    [byId, funnelId, indexPageId, locked],
  );
  // One Add page control: on an empty, unlocked table it moves next to the empty message.
  const addPage = (
    <Button variant="primary" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setAdding(true)}>
      Add page
    </Button>
  );
  const addInEmpty = view === 'table' && pages.length === 0 && !locked;
  return (
    <section aria-label="Pages">
      <Inline marginBottom="md">
        <Segmented
          label="Pages view"
          options={VIEWS}
          value={view}
          onChange={(v) =>
            setSearch((q) => {
              const n = new URLSearchParams(q);
              if (v === 'flow') n.set('view', 'flow');
              else n.delete('view');
              return n;
            })
          }
        />
        <span className={s.spacer} />
        {!addInEmpty && addPage}
      </Inline>
      {view === 'table' ? (
        <PagesTable funnelId={funnelId} columns={columns} emptyAction={addInEmpty && addPage} edited={byId} />
      ) : layout.isError ? (
        <p role="alert" className={s.errorText}>
          The flow diagram's layout could not be loaded: {layout.error.message}
        </p>
      ) : layout.data ? (
        <Suspense
          fallback={
            <p role="status" className={s.helpText}>
              Loading the flow diagram…
            </p>
          }
        >
          <PageFlow
            funnelId={funnelId}
            pages={listedInOrder}
            indexPageId={indexPageId}
            layout={layout.data}
            locked={locked}
            problems={problems}
            onClone={setCloning}
            onDelete={setDeleting}
            onRedirect={(p) => setEditing({ id: p.ID, part: 'redirect' })}
            onSettings={(p) => setEditing({ id: p.ID, part: 'settings' })}
          />
        </Suspense>
      ) : (
        <p role="status" className={s.helpText}>
          Loading the flow diagram…
        </p>
      )}
      <FormDialog title="Add page" isOpen={adding} formId="page-form" onSave={onCreate} onClose={() => setAdding(false)}>
        {(slot) => <PageForm {...slot} templates={templates} existingPaths={pages.map((p) => p.page_path)} />}
      </FormDialog>
      {cloning && (
        <FormDialog
          title={`Clone ${cloning.name}`}
          isOpen
          formId="clone-page-form"
          saveLabel="Clone"
          onSave={(v: PageFormValues) => onClone(cloning, v)}
          onClose={() => setCloning(null)}
        >
          {(slot) => (
            <>
              <p>The copy keeps the page's content and its next and skip pages.</p>
              <PageForm
                {...slot}
                templates={templates}
                existingPaths={pages.map((p) => p.page_path)}
                defaultValues={{
                  name: `${cloning.name} (copy)`,
                  page_type: cloning.page_type,
                  page_path: clonePath(
                    cloning.page_path,
                    pages.map((p) => p.page_path),
                  ),
                  template_id: cloning.template_id,
                }}
              />
            </>
          )}
        </FormDialog>
      )}
      {editing && listed.some((p) => p.ID === editing.id) && (
        <PageSettingsDialog
          page={listed.find((p) => p.ID === editing.id)!}
          pages={pages}
          templates={templates}
          part={editing.part}
          locked={locked}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteConfirm
        item={deleting}
        title="Delete page"
        message="Are you sure you want to delete this page?"
        busy={busy}
        run={run}
        onDelete={(p) => onDelete(p.ID)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

const groupOf = (p: Page) => pathGroup(p.page_path);
const rowKey = (p: Page) => String(p.ID);

/**
 * The Pages tab's table: one page of the funnel's pages as the server searched, sorted and paged
 * them, the state in the address. In flow order (the default) and by path the rows are grouped
 * under their path group; other sorts list them flat. Rows show the page's unsaved edits.
 */
function PagesTable(p: { funnelId: number; columns: ColumnDef<Page, unknown>[]; emptyAction: ReactNode; edited: ReadonlyMap<number, Page> }) {
  const { state, go } = useListState(FUNNEL_PAGE_SORTS);
  const q = usePagesTable(p.funnelId, state);
  const { edited } = p;
  const rows = useMemo(() => (q.data?.rows ?? []).map((r) => edited.get(r.ID) ?? r), [q.data, edited]);
  if (q.isError) return <LoadFailed message={`The pages could not be loaded: ${q.error.message}`} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton label="Loading pages…" />;
  const grouped = state.sort === null || state.sort === 'flow' || state.sort === 'path';
  return (
    <>
      {state.sort !== null && state.sort !== 'flow' && (
        <Inline marginBottom="sm">
          <Button size="sm" variant="ghost" onPress={() => go({ ...state, sort: null, desc: false, page: 1 })}>
            Back to flow order
          </Button>
        </Inline>
      )}
      <PagedTable
        label="Pages"
        noun="pages"
        columns={p.columns}
        sorts={FUNNEL_PAGE_SORTS}
        data={rows}
        getRowId={rowKey}
        emptyMessage="No Pages added"
        emptyAction={p.emptyAction}
        searchHint="Name, type or path"
        groupBy={grouped ? groupOf : undefined}
        continuedGroup={q.data.previousPath === null ? null : pathGroup(q.data.previousPath)}
        list={listPaging(state, go, q, csvExport(pathOf(PAGE_ROUTES.export.path, { id: p.funnelId }), listQueryOf(state), 'pages.csv'))}
      />
    </>
  );
}
