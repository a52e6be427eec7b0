/**
 * The Logs tab's filters (001 §7 "Logs"): which document (the funnel or one of its pages), which
 * author and which kind of entry (changes or notes). Each change is applied at once; the server
 * reads only the matching entries, a page at a time. Every control is labelled.
 */
import type { AuditType } from '../../../model';
import { Button, styles as s } from '../../../ui';
import type { AuditFilter } from '../tabs-api';
import * as css from './funnels.css';

/** Props of {@link LogFilters}. */
export interface LogFiltersProps {
  filter: AuditFilter;
  onChange: (next: AuditFilter) => void;
  /** The documents to choose from: `funnel:<id>` and each page's `page:<id>`, with their names. */
  docs: readonly { doc: string; label: string }[];
  /** The authors to choose from (those of the entries read so far, and the one chosen). */
  authors: readonly { id: number; name: string }[];
}

const TYPES: [AuditType | '', string][] = [
  ['', 'Changes and notes'],
  ['diff', 'Changes'],
  ['note', 'Notes'],
];

/** True when any filter is set. */
export const isLogFiltered = (f: AuditFilter): boolean => !!(f.doc || f.user || f.type);

/** The document, author and kind selects, and Clear filters once one is set. */
export function LogFilters({ filter, onChange, docs, authors }: LogFiltersProps) {
  return (
    <div role="group" aria-label="Filter the log" className={css.filterBar}>
      <label className={css.filter}>
        Document
        <select className={s.input} value={filter.doc ?? ''} onChange={(e) => onChange({ ...filter, doc: e.target.value || undefined })}>
          <option value="">All documents</option>
          {docs.map((d) => (
            <option key={d.doc} value={d.doc}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <label className={css.filter}>
        Author
        <select
          className={s.input}
          value={filter.user ? String(filter.user) : ''}
          onChange={(e) => onChange({ ...filter, user: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Everyone</option>
          {authors.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className={css.filter}>
        Kind
        <select
          className={s.input}
          value={filter.type ?? ''}
          onChange={(e) => onChange({ ...filter, type: TYPES.find(([v]) => v === e.target.value)?.[0] || undefined })}
        >
          {TYPES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {isLogFiltered(filter) && (
        <Button size="sm" variant="ghost" onPress={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
