/**
 * The funnel list's controls, loaded apart from the list (see FunnelList): the filter bar (001 §2 funnel list): a search box (name, ID, offer, domain) that
 * applies on Enter or Search, and status, platform, offer, locked and domain filters that apply
 * when changed. Every control is labelled; the bar is a form, so Tab and Enter do it all.
 * Presentational: it reports the next {@link FunnelListState}; the screen puts it in the URL.
 */
import { useState, type FormEvent } from 'react';
import { PLATFORMS, PUBLISH_STATUSES, type Offer } from '../../../model';
import { Box, Button, styles as s } from '../../../ui';
import { clearedFilters, isFiltered, LIST_PAGE_SIZES, type FunnelListState } from '../list-state';
import type { FunnelListPaging } from './FunnelList';
import * as css from './funnels.css';
import { PageSizeSelect } from '../../../ui/DataTable';

/** Props of {@link FunnelFilters}. */
export interface FunnelFiltersProps {
  state: FunnelListState;
  /** The offers the offer filter offers. */
  offers: Offer[];
  /** Asks for the list of `next` (back to page 1). */
  onChange: (next: FunnelListState) => void;
}

/** See the module comment. Keyed by the screen on the URL's search, so a Back shows the state in force. */
export function FunnelFilters({ state, offers, onChange }: FunnelFiltersProps) {
  const [q, setQ] = useState(state.q);
  const [domain, setDomain] = useState(state.domain);
  const set = (patch: Partial<FunnelListState>) => onChange({ ...state, q, domain: domain.trim(), ...patch, page: 1 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({});
  };
  const select = (key: 'status' | 'platform' | 'offer' | 'locked', label: string, options: [string, string][]) => (
    <label className={css.filter}>
      {label}
      <select className={s.input} value={state[key]} onChange={(e) => set({ [key]: e.target.value })}>
        <option value="">Any</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form role="search" aria-label="Search and filter funnels" className={css.filterBar} onSubmit={submit}>
      <label className={css.filter}>
        Search
        <input type="search" className={s.input} value={q} maxLength={200} placeholder="Name, ID, offer or domain" onChange={(e) => setQ(e.target.value)} />
      </label>
      {select(
        'status',
        'Status',
        PUBLISH_STATUSES.map((v) => [v, v]),
      )}
      {select(
        'platform',
        'Platform',
        PLATFORMS.map((v) => [v, v]),
      )}
      {select(
        'offer',
        'Offer',
        offers.map((o) => [String(o.offer_id), o.name]),
      )}
      {select('locked', 'Locked', [
        ['true', 'Locked'],
        ['false', 'Unlocked'],
      ])}
      <label className={css.filter}>
        Domain
        <input className={s.input} value={domain} maxLength={253} placeholder="example.com or none" onChange={(e) => setDomain(e.target.value)} />
      </label>
      <Button type="submit" size="sm">
        Search
      </Button>
      {isFiltered(state) && (
        <Button size="sm" variant="ghost" onPress={() => onChange(clearedFilters(state))}>
          Clear filters
        </Button>
      )}
    </form>
  );
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The list's pager: Previous / Next, where the rows shown sit in the total, and the page size (a new state for the screen's URL). */
export function Pager({ list, shown }: { list: FunnelListPaging; shown: number }) {
  const { state, total, onChange } = list;
  const pages = Math.max(1, Math.ceil(total / state.perPage));
  const first = (state.page - 1) * state.perPage + 1;
  return (
    <nav aria-label="Pages" className={s.pager}>
      <Button size="sm" aria-label="Previous page" isDisabled={state.page <= 1} onPress={() => onChange({ ...state, page: state.page - 1 })}>
        ‹ Previous
      </Button>
      <span>
        Page {fmt(state.page)} of {fmt(pages)}
      </span>
      <Button size="sm" aria-label="Next page" isDisabled={state.page >= pages} onPress={() => onChange({ ...state, page: state.page + 1 })}>
        Next ›
      </Button>
      <span className={s.spacer} />
      <Box as="span" color="muted" aria-live="polite">
        Showing {fmt(first)}–{fmt(first + shown - 1)} of {fmt(total)} funnels
      </Box>
      <PageSizeSelect value={state.perPage} sizes={LIST_PAGE_SIZES} onSize={(perPage) => onChange({ ...state, perPage, page: 1 })} />
    </nav>
  );
}
