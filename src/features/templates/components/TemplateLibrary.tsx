/**
 * The template library (001 §2 "Templates"; §4: templates are active or archived, shown under
 * stashed): the filter tabs all, interstitial, checkout, upsell1, upsell2, thankyou, warranty
 * and stashed; a table with name, page type, layout and the preview address (the stored path
 * shown with the template preview host, 001 §9); the actions Sync templates, Add template,
 * Edit template and Stash / Restore; and the hover preview: resting the pointer on a row (or
 * moving the keyboard focus into it) for a moment shows the rendered template in a floating
 * frame, Escape or leaving the row hides it. With `list` the rows are one page the server
 * searched, sorted and narrowed to the tab (search box, sortable headers, pager; the screen
 * keeps that state in the address).
 *
 * Presentational: the screen (screens/TemplatesScreen.tsx) reads the data and performs the actions.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { TEMPLATE_SORTS, withTemplateHost, type Template } from '../../../model';
import { Box, Button, HeadingRow, styles as s } from '../../../ui';
import { LightTabs } from '../../../ui/LightTabs';
import { PagedTable, type ListPaging } from '../../../ui/list/PagedTable';
import { TemplatePreview } from './TemplatePreview';
import * as css from './templates.css';

/** The filter tabs of 001 §2, in its order: every active template, one page type's, or the archived ('stashed'). */
export const TEMPLATE_FILTERS = ['all', 'interstitial', 'checkout', 'upsell1', 'upsell2', 'thankyou', 'warranty', 'stashed'] as const;
/** One filter tab. */
export type TemplateFilter = (typeof TEMPLATE_FILTERS)[number];

/** `value` as a filter ('all' for anything else, e.g. a missing or mistyped `?type=`). */
export const asFilter = (value: string | null | undefined): TemplateFilter =>
  (TEMPLATE_FILTERS as readonly string[]).includes(value ?? '') ? (value as TemplateFilter) : 'all';

/** The templates a tab lists: 'all' every active one, a page type its active ones, 'stashed' the archived. */
export function filterTemplates<T extends Pick<Template, 'page_type' | 'archived'>>(templates: readonly T[], filter: TemplateFilter): T[] {
  if (filter === 'stashed') return templates.filter((t) => t.archived);
  return templates.filter((t) => !t.archived && (filter === 'all' || t.page_type === filter));
}

/** What an empty tab says, and what to do about it. */
export function emptyMessage(filter: TemplateFilter, canWrite: boolean): string {
  if (filter === 'stashed') return 'No stashed templates. Stash a template to take it out of the other tabs; it can be restored from here.';
  const add = canWrite ? 'Use Add template to add one' : 'Ask an operator or admin to add one';
  if (filter === 'all') return `There are no templates yet. ${add}, or Sync templates to read them from the template host.`;
  return `No ${filter} templates. ${add} with page type ${filter}.`;
}

/** A column the template list sorts by on the server. */
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

/** How long the pointer or focus rests on a row before its preview shows (ms). */
export const PREVIEW_DELAY = 300;

/** Props of {@link TemplateLibrary}. */
export interface TemplateLibraryProps {
  /** Every template (active and archived), which the tab filters; with `list`, the page of the tab the server answered. */
  templates: readonly Template[];
  /** The server-paged list (search, sortable headers, pager); without it `templates` is every template. */
  list?: ListPaging<TemplateSort>;
  filter: TemplateFilter;
  onFilter: (f: TemplateFilter) => void;
  /** The template preview host: the prefix of each shown preview path (001 §9). */
  previewHost: string;
  /** Add, Edit, Stash and Restore are offered (templates.write). */
  canWrite: boolean;
  /** Sync templates may run (templates.sync, admin only); otherwise the button is disabled with the reason. */
  canSync: boolean;
  /** False while the signed-in role is loading: Sync waits without a reason yet. Default true. */
  roleKnown?: boolean;
  /** A sync is running: the button is disabled. */
  syncing?: boolean;
  onSync: () => void;
  onAdd: () => void;
  onEdit: (t: Template) => void;
  /** Stash (`archived` true) or restore (false) a template. */
  onStash: (t: Template, archived: boolean) => void;
  /** Templates with a change being saved (their buttons wait). */
  busy?: ReadonlySet<number>;
  /** Pointer over or focus on Add / Edit: the form may start loading. */
  onIntent?: () => void;
}

const templateRowId = (t: Template) => String(t.ID);

/** See the module comment. */
export function TemplateLibrary({
  templates,
  list,
  filter,
  onFilter,
  previewHost,
  canWrite,
  canSync,
  roleKnown = true,
  syncing,
  onSync,
  onAdd,
  onEdit,
  onStash,
  busy,
  onIntent,
}: TemplateLibraryProps) {
  const rows = useMemo(() => (list ? [...templates] : filterTemplates(templates, filter)), [templates, filter, list]);
  const intent = onIntent ? { onPointerEnter: onIntent, onFocus: onIntent } : {};
  const columns = useMemo<ColumnDef<Template, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row: { original: t } }) => <span data-template-id={t.ID}>{t.name}</span> },
      { id: 'page_type', header: 'Page type', accessorKey: 'page_type' },
      { id: 'layout', header: 'Layout', accessorKey: 'layout' },
      {
        id: 'template_host_url',
        header: 'Preview path',
        cell: ({ row: { original: t } }) => {
          const url = withTemplateHost(t.template_host_url, previewHost);
          return (
            <a href={url} target="_blank" rel="noreferrer" className={css.path} aria-label={`Open ${url}`}>
              {url}
            </a>
          );
        },
      },
      ...(canWrite
        ? [
            {
              header: 'Actions',
              cell: ({ row: { original: t } }) => (
                <div className={s.row}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onPointerEnter={onIntent}
                    onFocus={onIntent}
                    isDisabled={busy?.has(t.ID)}
                    onPress={() => onEdit(t)}
                    aria-label={`Edit ${t.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    isDisabled={busy?.has(t.ID)}
                    onPress={() => onStash(t, !t.archived)}
                    aria-label={`${t.archived ? 'Restore' : 'Stash'} ${t.name}`}
                  >
                    {t.archived ? 'Restore' : 'Stash'}
                  </Button>
                </div>
              ),
            } satisfies ColumnDef<Template, unknown>,
          ]
        : []),
    ],
    [previewHost, canWrite, busy, onEdit, onStash, onIntent],
  );
  const { attach, template: previewed, anchor } = useRowPreview(rows);
  // One Add template control: on an empty list that asks for one (not stashed) it moves next to the
  // empty message, for whoever may add.
  const addTemplate = (
    <Button variant="primary" {...intent} onPress={onAdd}>
      Add template
    </Button>
  );
  // Not beside a search that matched nothing or a page past the end: the tab is not empty there.
  const addInEmpty = canWrite && rows.length === 0 && filter !== 'stashed' && !list?.state.q.trim() && (list?.state.page ?? 1) === 1;
  const label = filter === 'all' ? 'Templates' : `Templates: ${filter}`;
  const table = (
    <div ref={attach}>
      {/* Without `list` the table is the whole list, unsearched and unpaged. */}
      <PagedTable
        label={label}
        noun="templates"
        columns={columns}
        sorts={TEMPLATE_SORTS}
        data={rows}
        getRowId={templateRowId}
        emptyMessage={emptyMessage(filter, canWrite)}
        emptyAction={addInEmpty && addTemplate}
        searchHint="Name, page type, layout, preview path or ID"
        list={list}
      />
    </div>
  );
  return (
    <section aria-labelledby="templates-title">
      <HeadingRow id="templates-title" title="Templates">
        {roleKnown && !canSync && (
          <Box as="span" id="sync-reason" role="note" fontSize="small" color="muted">
            Only an admin can sync templates
          </Box>
        )}
        <Button onPress={onSync} isDisabled={!canSync || syncing} aria-describedby={roleKnown && !canSync ? 'sync-reason' : undefined}>
          {syncing ? 'Syncing templates…' : 'Sync templates'}
        </Button>
        {canWrite && !addInEmpty && addTemplate}
      </HeadingRow>
      <LightTabs
        label="Template filters"
        selected={filter}
        onSelect={(id) => onFilter(asFilter(id))}
        items={TEMPLATE_FILTERS.map((f) => ({ id: f, label: f, content: f === filter ? table : null }))}
      />
      {previewed && <TemplatePreview template={previewed} anchor={anchor} />}
    </section>
  );
}

/**
 * Which row's preview shows: the row the pointer rests on, or the one holding the keyboard
 * focus, after {@link PREVIEW_DELAY}; none after leaving the table or Escape (until another
 * row is entered). Rows are found by their name cell's `data-template-id`.
 */
function useRowPreview(rows: readonly Template[]) {
  // A state, not a ref: the table's wrapper is a new element when the tab changes.
  const [el, attach] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<{ id: number; anchor: { top: number; bottom: number } } | null>(null);
  const byId = useMemo(() => new Map(rows.map((t) => [t.ID, t])), [rows]);
  useEffect(() => {
    if (!el) return;
    let current: HTMLTableRowElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rowOf = (target: EventTarget | null) => {
      const tr = target instanceof Element ? target.closest('tr') : null;
      return tr?.querySelector('[data-template-id]') ? tr : null;
    };
    const enter = (tr: HTMLTableRowElement | null) => {
      if (tr === current) return;
      current = tr;
      clearTimeout(timer);
      setState(null);
      if (!tr) return;
      timer = setTimeout(() => {
        const id = Number(tr.querySelector('[data-template-id]')?.getAttribute('data-template-id'));
        const r = tr.getBoundingClientRect();
        setState({ id, anchor: { top: r.top, bottom: r.bottom } });
      }, PREVIEW_DELAY);
    };
    const over = (e: PointerEvent) => enter(rowOf(e.target));
    const out = (e: PointerEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) enter(null);
    };
    const focusIn = (e: FocusEvent) => enter(rowOf(e.target));
    const focusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) enter(null);
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Hidden until another row is entered (current stays, so resting on this one does not reopen it).
      clearTimeout(timer);
      setState(null);
    };
    // One signal removes every listener when the table changes or unmounts.
    const stop = new AbortController();
    const { signal } = stop;
    el.addEventListener('pointerover', over, { signal });
    el.addEventListener('pointerout', out, { signal });
    el.addEventListener('focusin', focusIn, { signal });
    el.addEventListener('focusout', focusOut, { signal });
    window.addEventListener('keydown', key, { signal });
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [el]);
  const template = state ? (byId.get(state.id) ?? null) : null;
  return { attach, template, anchor: state?.anchor ?? { top: 0, bottom: 0 } };
}
