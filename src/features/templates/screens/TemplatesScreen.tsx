/**
 * /templates (001 §2 "Templates", §4, §5, §7, §9): the template library, connected.
 *
 * - The filter tab is in the address (`/templates?type=checkout`, `?type=stashed`), so a tab
 *   can be shared and Back returns to the previous one; so are the search, sort and page
 *   (`?q=glow&sort=-name&page=2`): the list is searched, sorted and paged on the server, one
 *   page of the tab at a time. Another tab starts at its first page.
 * - Add template posts the form (`POST /api/v1/templates`, with an Idempotency-Key).
 * - Edit template and Stash / Restore change the template's document `template:<id>` through
 *   the command log (src/editor/README.md), as every edit of a template is: ONE command
 *   ('Edit template <name>' with only the changed members; 'Stash template <name>' /
 *   'Restore template <name>' replacing `/archived`), saved at once (PATCH with If-Match). A
 *   refusal of the server takes the command back and is shown in the form (or a toast); a
 *   save that meets someone else's newer change asks whether to keep theirs or overwrite.
 * - Sync templates (admin) streams its progress into the progress modal as Publish does,
 *   ending in Done or the error dialog; the list is read again after it.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { keys, useCan, useRole, type ProgressChunk } from '../../../api';
import type { DocId, EditorStore } from '../../../editor';
import { useEditorOnDemand } from '../../../editor/on-demand';
import { loadIfNewer } from '../../../editor/load-rule';
import { jsonEqual, randomId, TEMPLATE_SORTS, type Template } from '../../../model';
import { notify, preloadCodeEditor, useDocumentTitle, Skeleton } from '../../../ui';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { TEMPLATE_ROUTES } from '../../../model/contracts/templates';
import { syncTemplates, useCreateTemplate, useLayouts, usePreviewHost, useTemplatePage } from '../api';
import { asFilter, TemplateLibrary, type TemplateFilter } from '../components/TemplateLibrary';
import type { TemplateValues } from '../components/TemplateForm';
import type { PendingConflict } from '../components/TemplateConflict';

// The form (react-hook-form, zod, the code checks) and its dialogs load when wanted: pointer
// over or focus on Add / Edit starts the load, CodeMirror included, so the dialog opens at once.
const loadForm = () => import('../components/TemplateForm');
const loadFormModal = () => import('../../../ui/FormModal');
const loadConflict = () => import('../components/TemplateConflict');
const TemplateForm = lazy(() => loadForm().then((m) => ({ default: m.TemplateForm })));
const FormModal = lazy(() => loadFormModal().then((m) => ({ default: m.FormModal })));
// A save that meets someone else's change asks in a dialog of its own (with the wording of paths and values).
const TemplateConflictDialog = lazy(() => loadConflict().then((m) => ({ default: m.TemplateConflictDialog })));
// The sync's progress dialog loads when a sync starts (the list's first visit does without it).
const ProgressModal = lazy(() => import('../../../ui/ProgressModal').then((m) => ({ default: m.ProgressModal })));
/** Starts loading the form and its dialogs (a failed load is tried again when a dialog renders). */
const preload = () => {
  loadForm().catch(() => {});
  loadFormModal().catch(() => {});
  loadConflict().catch(() => {});
  preloadCodeEditor().catch(() => {});
};

/** The editor document of a template. */
const docOf = (t: Pick<Template, 'ID'>): DocId<'template'> => `template:${t.ID}`;

/** Puts `t` (as the list read it) into the editor store by the editor's one load rule ({@link loadIfNewer}). @returns the document's id. */
function ensureLoaded(store: EditorStore, t: Template): DocId<'template'> {
  const doc = docOf(t);
  loadIfNewer(store, doc, t);
  return doc;
}

/** What a one-command save ended in. */
type CommitResult = 'saved' | 'unchanged' | { conflict: PendingConflict };

/** The open Add / Edit dialog. */
type FormState = null | { mode: 'add' } | { mode: 'edit'; template: Template; doc: DocId<'template'>; store: EditorStore };

/** See the module comment. */
export function TemplatesScreen() {
  useDocumentTitle(['Templates']);
  const [params, setParams] = useSearchParams();
  const filter = asFilter(params.get('type'));
  const { state, go } = useListState(TEMPLATE_SORTS);
  const templates = useTemplatePage(state, filter);
  const previewHost = usePreviewHost();
  const layouts = useLayouts();
  const canWrite = useCan('templates.write');
  const canSync = useCan('templates.sync');
  const roleKnown = useRole() !== null;
  // The command log loads when an edit starts (or is about to: pointer over, focus), not with the list.
  const editorStore = useEditorOnDemand();
  const qc = useQueryClient();
  const create = useCreateTemplate();
  const [form, setForm] = useState<FormState>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const [sync, setSync] = useState({ open: false, running: false, failed: false, chunk: { progress: 0, message: '' } });
  // One Idempotency-Key per body: a retried Add of the same values (after a network failure) is not added twice.
  const addKey = useRef<{ body: string; key: string } | null>(null);

  const refresh = useCallback(() => qc.invalidateQueries({ queryKey: keys.templates }), [qc]);

  const onFilter = useCallback(
    (f: TemplateFilter) => {
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (f === 'all') next.delete('type');
        else next.set('type', f);
        // Another tab's pages are not this one's.
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  /**
   * Records ONE command on `doc` and saves it. A refusal takes the command back (nothing of it
   * stays unsent) and is thrown as an Error with the server's message.
   */
  const commit = useCallback(
    async (store: EditorStore, doc: DocId<'template'>, label: string, recipe: (d: Template) => void): Promise<CommitResult> => {
      const editor = store.actions;
      const recorded = editor.edit(doc, label, recipe);
      if (!recorded && !editor.isDirty(doc)) return 'unchanged';
      const r = await editor.saveDoc(doc);
      const st = store.getState().docs[doc];
      if (r.conflicts.includes(doc) && st?.conflict) {
        const value = st.value as Partial<Template> | undefined;
        return { conflict: { doc, name: value?.name ?? doc, items: st.conflict.items, value } };
      }
      const error = r.errors[doc];
      if (error) {
        if (recorded && store.getState().undoLabel === label) editor.undo();
        editor.clearError(doc);
        throw new Error(error);
      }
      void refresh();
      return 'saved';
    },
    [refresh],
  );

  /** Starts loading the form, its dialogs and the command log. */
  const prepare = useCallback(() => {
    preload();
    editorStore().catch(() => {});
  }, [editorStore]);

  const onEdit = useCallback(
    (t: Template) => {
      prepare();
      editorStore().then(
        (store) => {
          const doc = ensureLoaded(store, t);
          // The store's copy: the list's, or newer, with any unsent edits of the template editor.
          setForm({ mode: 'edit', template: (store.getState().docs[doc]?.value as Template | undefined) ?? t, doc, store });
        },
        // The editor's code did not load (offline, a new release): said, and Edit tries again.
        (e: unknown) => notify.error(`Template ${t.name} could not be opened: ${e instanceof Error ? e.message : String(e)}`),
      );
    },
    [prepare, editorStore],
  );

  const onStash = useCallback(
    (t: Template, archived: boolean) => {
      const verb = archived ? 'Stash' : 'Restore';
      setBusy((b) => new Set(b).add(t.ID));
      void (async () => {
        try {
          const store = await editorStore();
          const doc = ensureLoaded(store, t);
          const r = await commit(store, doc, `${verb} template ${t.name}`, (d) => {
            d.archived = archived;
          });
          if (typeof r === 'object') setConflict(r.conflict);
          else notify.success(archived ? `Template ${t.name} stashed: find it under stashed` : `Template ${t.name} restored`);
        } catch (e) {
          notify.error(`Template ${t.name} was not ${archived ? 'stashed' : 'restored'}: ${(e as Error).message}`);
        } finally {
          setBusy((b) => {
            const n = new Set(b);
            n.delete(t.ID);
            return n;
          });
        }
      })();
    },
    [editorStore, commit],
  );

  const saveAdd = async (v: TemplateValues) => {
    const body = JSON.stringify(v);
    if (addKey.current?.body !== body) addKey.current = { body, key: randomId() };
    const t = await create.mutateAsync({ body: v, idempotencyKey: addKey.current.key });
    addKey.current = null;
    notify.success(`Template ${t.name} added`);
    setForm(null);
    // Show the tab the new template is in.
    if (filter !== 'all' && filter !== t.page_type) onFilter('all');
  };

  const saveEdit = async (store: EditorStore, template: Template, doc: DocId<'template'>, v: TemplateValues) => {
    const r = await commit(store, doc, `Edit template ${template.name}`, (d) => {
      if (d.name !== v.name) d.name = v.name;
      if (d.page_type !== v.page_type) d.page_type = v.page_type;
      if (d.layout !== v.layout) d.layout = v.layout;
      if (d.template_host_url !== v.template_host_url) d.template_host_url = v.template_host_url;
      // Only the meta members that changed: one op each, not the whole meta.
      for (const k of Object.keys(d.meta)) if (!Object.hasOwn(v.meta, k)) delete d.meta[k];
      for (const [k, value] of Object.entries(v.meta)) if (!Object.hasOwn(d.meta, k) || !jsonEqual(d.meta[k], value)) d.meta[k] = value;
    });
    setForm(null);
    if (typeof r === 'object') setConflict(r.conflict);
    else if (r === 'saved') notify.success(`Template ${v.name} saved`);
  };

  const settle = async (choice: 'overwrite' | 'keep-theirs') => {
    if (!conflict) return;
    const c = conflict;
    setSaving(true);
    try {
      const r = await (await editorStore()).actions.resolveConflict(c.doc, choice);
      const error = r.errors[c.doc];
      if (error) notify.error(`Template ${c.name}: ${error}`);
      else notify.success(choice === 'overwrite' ? `Template ${c.name} saved with your changes` : `Template ${c.name} kept as the other change left it`);
    } finally {
      setSaving(false);
      setConflict(null);
      void refresh();
    }
  };

  const runSync = async () => {
    setSync({ open: true, running: true, failed: false, chunk: { progress: 0, message: 'Starting…' } });
    let failed = false;
    let chunk: ProgressChunk | null = null;
    try {
      const last = await syncTemplates((c) => setSync((st) => ({ ...st, chunk: c })));
      if (!last || last.progress < 100) {
        failed = true;
        if (!last) chunk = { progress: 0, message: 'The sync stream ended without an answer' };
      }
    } catch (e) {
      failed = true;
      chunk = { progress: 0, message: (e as Error).message };
    }
    setSync((st) => ({ ...st, running: false, failed, chunk: chunk ?? st.chunk }));
    void refresh();
  };

  if (templates.isPending) return <Skeleton label="Loading templates…" />;
  if (templates.isError) throw templates.error;
  const host = previewHost.data ?? '';
  return (
    <>
      <TemplateLibrary
        templates={templates.data.rows}
        list={listPaging(state, go, templates, csvExport(TEMPLATE_ROUTES.export.path, { ...listQueryOf(state), tab: filter }, 'templates.csv'))}
        filter={filter}
        onFilter={onFilter}
        previewHost={host}
        canWrite={canWrite}
        canSync={canSync}
        roleKnown={roleKnown}
        syncing={sync.running}
        onSync={() => void runSync()}
        onAdd={() => {
          preload();
          setForm({ mode: 'add' });
        }}
        onEdit={onEdit}
        onStash={onStash}
        busy={busy}
        onIntent={prepare}
      />
      {sync.open && (
        <Suspense fallback={<span role="status">Syncing templates…</span>}>
          <ProgressModal
            isOpen
            title="Syncing templates"
            progress={sync.chunk.progress}
            message={sync.chunk.message}
            failed={sync.failed}
            onClose={() => setSync((st) => ({ ...st, open: false }))}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {form && (
          <FormModal
            title={form.mode === 'add' ? 'Add template' : `Edit template ${form.template.name}`}
            isOpen
            formId="template-form"
            busy={saving}
            onCancel={() => setForm(null)}
          >
            <TemplateForm
              id="template-form"
              template={form.mode === 'edit' ? form.template : undefined}
              previewHost={host}
              layouts={layouts.data ?? []}
              onSave={async (v) => {
                setSaving(true);
                try {
                  if (form.mode === 'add') await saveAdd(v);
                  else await saveEdit(form.store, form.template, form.doc, v);
                } finally {
                  setSaving(false);
                }
              }}
            />
          </FormModal>
        )}
        {conflict && <TemplateConflictDialog conflict={conflict} busy={saving} onSettle={(choice) => void settle(choice)} />}
      </Suspense>
    </>
  );
}
