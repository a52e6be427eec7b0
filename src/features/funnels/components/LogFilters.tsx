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

/** One labelled filter select of `[value, label]` options; `onPick` gets the value chosen. */
function FilterSelect(p: { label: string; value: string; options: readonly [string, string][]; onPick: (v: string) => void }) {
  return (
    <label className={css.filter}>
      {p.label}
      <select className={s.input} value={p.value} onChange={(e) => p.onPick(e.target.value)}>
        {p.options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The document, author and kind selects, and Clear filters once one is set. */
export function LogFilters({ filter, onChange, docs, authors }: LogFiltersProps) {
  return (
    <div role="group" aria-label="Filter the log" className={css.filterBar}>
      <FilterSelect
        label="Document"
        value={filter.doc ?? ''}
        options={[['', 'All documents'], ...docs.map((d): [string, string] => [d.doc, d.label])]}
        onPick={(v) => onChange({ ...filter, doc: v || undefined })}
      />
      <FilterSelect
        label="Author"
        value={filter.user ? String(filter.user) : ''}
        options={[['', 'Everyone'], ...authors.map((a): [string, string] => [String(a.id), a.name])]}
        onPick={(v) => onChange({ ...filter, user: v ? Number(v) : undefined })}
      />
      <FilterSelect
        label="Kind"
        value={filter.type ?? ''}
        options={TYPES}
        onPick={(v) => onChange({ ...filter, type: TYPES.find(([t]) => t === v)?.[0] || undefined })}
      />
      {isLogFiltered(filter) && (
        <Button size="sm" variant="ghost" onPress={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
