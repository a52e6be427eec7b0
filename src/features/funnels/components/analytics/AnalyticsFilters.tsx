/**
 * The Analytics tab's filters: date range (UTC days), release, affiliate id and campaign. The
 * release applies as it is chosen; the dates and the two texts apply with Apply (or Enter), so
 * typing a date or a name is not a query and a history entry per key. The screen keeps what is
 * applied in the address (shareable; Back returns to the previous filters).
 */
import { useState, type FormEvent } from 'react';
import type { AnalyticsFilters as Filters } from '../../analytics-api';
import { Box, Button, SelectField, TextField } from '../../../../ui';
import * as css from './analytics.css';
import { releaseName } from './format';

/** Props of {@link AnalyticsFilters}. */
export interface AnalyticsFiltersProps {
  /** The filters applied now. */
  value: Filters;
  /** The funnel's releases to choose from (IDs, any order). */
  releases: readonly number[];
  /** True when anything beyond the default range is applied (Clear filters shows). */
  filtered: boolean;
  onChange: (next: Filters) => void;
  onClear: () => void;
}

/** The sentence of a range whose start is after its end (the server refuses it the same way). */
export const RANGE_MSG = 'From must not be after to';

/** See the module comment. Remounted by the caller when `value` changes (key), so drafts follow Back. */
export function AnalyticsFilters({ value, releases, filtered, onChange, onClear }: AnalyticsFiltersProps) {
  const [draft, setDraft] = useState(value);
  const badRange = draft.from > draft.to;
  const choices = [...new Set([...releases, ...(value.release ? [Number(value.release)] : [])])].sort((a, b) => b - a);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!badRange) onChange({ ...draft, affiliate: draft.affiliate.trim(), campaign: draft.campaign.trim(), release: value.release });
  };
  // A text filter (applied with Apply): at most 64 characters.
  const text = (key: 'affiliate' | 'campaign', label: string, placeholder: string) => (
    <TextField label={label} placeholder={placeholder} value={draft[key]} maxLength={64} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
  );
  return (
    <Box as="form" role="search" aria-label="Analytics filters" onSubmit={submit} className={css.filters}>
      <TextField
        label="From"
        type="date"
        value={draft.from}
        max={draft.to}
        error={badRange ? RANGE_MSG : undefined}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
      />
      <TextField label="To" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      <SelectField
        label="Release"
        value={value.release}
        options={[{ value: '', label: 'All releases' }, ...choices.map((id) => ({ value: String(id), label: releaseName(id) }))]}
        onChange={(e) => onChange({ ...value, release: e.target.value })}
      />
      {text('affiliate', 'Affiliate', 'Any affiliate id')}
      {text('campaign', 'Campaign', 'Any campaign')}
      <Box display="flex" gap="sm" marginBottom="md">
        <Button type="submit" variant="primary" isDisabled={badRange}>
          Apply
        </Button>
        {filtered && <Button onPress={onClear}>Clear filters</Button>}
      </Box>
    </Box>
  );
}
