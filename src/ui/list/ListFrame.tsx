/**
 * The pieces the catalogue list screens share (offers, products, categories, shipping, users):
 * the heading row with its read-only note and Add button, the table or its loading and error
 * states, a row's Edit/Delete buttons, and the dialogs that load only when one opens (their
 * code — react-aria, the forms — is not part of a list's first visit).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Box, HeadingRow } from '../Box';
import { Button } from '../Button';
import * as s from '../styles.css';
import { Skeleton } from '../Skeleton';
import { PagedTable, type ListPaging, type PagedTableProps } from './PagedTable';

/** The form dialog ({@link FormModal}), loaded when a list first opens one. */
export const LazyFormModal = lazy(() => import('../FormModal').then((m) => ({ default: m.FormModal })));
/** The confirmation dialog ({@link ConfirmDialog}), loaded when a list first opens one. */
export const LazyConfirmDialog = lazy(() => import('../ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** Shows 'Opening…' while a list's dialogs load; render it only while one is open. */
export function DialogsLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p role="status">Opening…</p>}>{children}</Suspense>;
}

/**
 * True when the Add control belongs next to the empty message: the list is loaded and empty on
 * its first page with no search (a search that matched nothing, or a page past the end, is not
 * an empty list).
 */
export const addsInEmpty = (rows: readonly unknown[] | undefined, list: Pick<ListPaging, 'state'> | undefined): boolean =>
  !!rows && rows.length === 0 && !list?.state.q.trim() && (list?.state.page ?? 1) === 1;

/**
 * A list's one Add button (primary, `label`) and where it goes: beside the empty message on an
 * empty list ({@link addsInEmpty}), else at the end of the heading row; nowhere when the role may
 * not add (`canAdd` false) or while the rows are not read.
 */
export function addControl({
  label,
  onPress,
  canAdd,
  rows,
  list,
}: {
  label: string;
  onPress: () => void;
  canAdd: boolean;
  rows: readonly unknown[] | undefined;
  list: Pick<ListPaging, 'state'> | undefined;
}): { inHeader: ReactNode; inEmpty: ReactNode } {
  const button = (
    <Button variant="primary" onPress={onPress}>
      {label}
    </Button>
  );
  // Not beside a search that matched nothing or a page past the end: the list is not empty there.
  const inEmpty = canAdd && addsInEmpty(rows, list);
  return { inHeader: canAdd && !!rows && !inEmpty && button, inEmpty: inEmpty && button };
}

/** Props of {@link ListHeader}. */
export interface ListHeaderProps {
  /** The `h1`'s id (the section's `aria-labelledby`). */
  id: string;
  title: string;
  /** Shown muted as a `note` after the spacer (why a role sees no actions), when set. */
  note?: string | false;
  /** The actions at the end of the row (Import, Add). */
  children?: ReactNode;
}

/** A list's heading row: the title, then its note and actions at the far end. */
export function ListHeader({ id, title, note, children }: ListHeaderProps) {
  return (
    <HeadingRow id={id} title={title}>
      {note && (
        <Box as="span" role="note" fontSize="small" color="muted">
          {note}
        </Box>
      )}
      {children}
    </HeadingRow>
  );
}

/** Props of {@link PagedList}: the table's, with the rows that may not be read yet. */
export type PagedListProps<T, S extends string> = Omit<PagedTableProps<T, S>, 'data'> & {
  /** The page's rows, or undefined while they load (or could not be read: `loadError`). */
  rows: T[] | undefined;
  /** Why the rows could not be read, said as an alert where the table would be. */
  loadError?: string;
  /** The skeleton's label while the rows load ('Loading offers…'). */
  loading: string;
};

/** A {@link PagedTable} once `rows` are read; before, the `loadError` as an alert, or a skeleton labelled `loading`. */
export function PagedList<T, S extends string>({ rows, loadError, loading, ...table }: PagedListProps<T, S>) {
  if (rows) return <PagedTable {...table} data={rows} />;
  return loadError ? <p role="alert">{loadError}</p> : <Skeleton label={loading} />;
}

/** Props of {@link ListSection}: the {@link PagedList}'s (its label and loading text made from `title` and `noun`), the heading row's and the dialogs. */
export type ListSectionProps<T, S extends string> = Omit<PagedListProps<T, S>, 'label' | 'loading'> & {
  /** The `h1`'s text, and the table's label unless `label` is given ('Offers'). */
  title: string;
  /** The table's accessible name, when it is not `title`. */
  label?: string;
  /** Why the role sees no actions ({@link ListHeader}'s note). */
  note?: string | false;
  /** The heading row's actions (Import), before the Add button. */
  actions?: ReactNode;
  /** The list's Add button and where it goes ({@link addControl}). */
  add?: { inHeader: ReactNode; inEmpty: ReactNode };
  /** The list's dialogs (rendered only while `dialogsOpen`; 'Opening…' while their code loads). */
  dialogs?: ReactNode;
  /** True while one of `dialogs` is open. */
  dialogsOpen?: boolean;
};

/**
 * A catalogue list's section, labelled by its `h1`: the {@link ListHeader}, the {@link PagedList}
 * ('Loading {noun}…' while the rows load), then its open dialogs.
 */
export function ListSection<T, S extends string>({ title, label = title, note, add, actions, dialogs, dialogsOpen = false, ...list }: ListSectionProps<T, S>) {
  const id = `${list.noun.replaceAll(' ', '-')}-title`;
  return (
    <section aria-labelledby={id}>
      <ListHeader id={id} title={title} note={note}>
        {actions}
        {add?.inHeader}
      </ListHeader>
      <PagedList emptyAction={add?.inEmpty} {...list} label={label} loading={`Loading ${list.noun}…`} />
      {dialogsOpen && <DialogsLoading>{dialogs}</DialogsLoading>}
    </section>
  );
}

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  /** The row's name, for the buttons' accessible names ('Edit {name}', 'Delete {name}'). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** More buttons, between Edit and Delete. */
  children?: ReactNode;
  /** Set when neither may be used now (a locked funnel): both are disabled and say why. */
  disabledReason?: string;
}

/** A row's Edit and Delete buttons (small, ghost), named after the row. */
export function RowActions({ name, onEdit, onDelete, children, disabledReason }: RowActionsProps) {
  const disabled = { isDisabled: disabledReason !== undefined, disabledReason };
  return (
    <div className={s.row}>
      <Button size="sm" variant="ghost" {...disabled} onPress={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {children}
      <Button size="sm" variant="ghost" {...disabled} onPress={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}
