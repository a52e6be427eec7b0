/**
 * The funnel list's bulk bar (001 §2 funnel list, for the selected rows): set status, lock /
 * unlock, archive / restore. Each action first asks the server what it would do (a dry run) and
 * shows that summary — what changes from what to what, what already is so, which funnels are
 * skipped and why (locked ones named) — before anything is written; after it is applied, Undo is
 * offered for `undoSeconds` (each changed funnel back to its old value, unless someone changed it
 * since). Loaded as a chunk of its own when the first row is selected.
 */
import { useEffect, useState } from 'react';
import { PUBLISH_STATUSES } from '../../../model';
import { bulkUndo, type FunnelBulkAnswer, type FunnelBulkChange, type FunnelBulkResult } from '../../../model/contracts/funnel-list-actions';
import { Button, ConfirmDialog, styles as s } from '../../../ui';
import * as css from './funnels.css';

/** A selected row: enough to name it and to send its change. */
export interface BulkSelection {
  ID: number;
  name: string;
}

/** Props of {@link BulkBar}. */
export interface BulkBarProps {
  selected: BulkSelection[];
  /** The list shows archived funnels: Restore instead of Archive. */
  archived: boolean;
  /** Clears the selection (after an action is applied, too). */
  onClear: () => void;
  /** Sends the changes; `dryRun` only asks what they would do. Rejects with the server's sentence. */
  onBulk: (changes: FunnelBulkChange[], dryRun: boolean) => Promise<FunnelBulkAnswer>;
  /** How long Undo is offered after an action, in seconds (default 15). */
  undoSeconds?: number;
}

/** One action of the bar: a change without its funnel. */
type Action = FunnelBulkChange extends infer C ? (C extends FunnelBulkChange ? Omit<C, 'ID' | 'version'> : never) : never;

const plural = (n: number) => `${n} funnel${n === 1 ? '' : 's'}`;
/** The action as a button says it ("Lock", "Set status qc"). */
function verb(a: Action): string {
  if (a.field === 'publish_status') return `Set status ${a.value}`;
  if (a.field === 'locked') return a.value ? 'Lock' : 'Unlock';
  return a.value ? 'Archive' : 'Restore';
}
/** The action done ("Locked", "Status set to qc on"). */
function done(a: Action): string {
  if (a.field === 'publish_status') return `Status set to ${a.value} on`;
  if (a.field === 'locked') return a.value ? 'Locked' : 'Unlocked';
  return a.value ? 'Archived' : 'Restored';
}
/** What a funnel already having the value is ("Already locked"). */
function already(a: Action): string {
  if (a.field === 'publish_status') return `Already ${a.value}`;
  return `Already ${done(a).toLowerCase()}`;
}
const named = (r: FunnelBulkResult) => r.name || `Funnel ${r.ID}`;
const skippedText = (rs: FunnelBulkResult[]) => rs.map((r) => `${named(r)} (${r.reason ?? 'skipped'})`).join('; ');

/** The summary of a dry run: what will change, what already is so, what is skipped. */
function Summary({ action, answer }: { action: Action; answer: FunnelBulkAnswer }) {
  const by = (o: FunnelBulkResult['outcome']) => answer.results.filter((r) => r.outcome === o);
  const changed = by('changed');
  const unchanged = by('unchanged');
  const skipped = by('skipped');
  return (
    // A long summary scrolls; the keyboard must reach it to scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label="Summary" tabIndex={0} className={css.bulkSummary}>
      {changed.length > 0 && (
        <>
          <strong>Will change ({changed.length})</strong>
          <ul className={css.bulkList} aria-label="Will change">
            {changed.map((r) => (
              <li key={r.ID}>
                {named(r)}
                {action.field === 'publish_status' && `: ${String(r.from)} → ${String(r.to)}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {unchanged.length > 0 && (
        <>
          <strong>
            {already(action)} ({unchanged.length})
          </strong>
          <ul className={css.bulkList} aria-label={already(action)}>
            {unchanged.map((r) => (
              <li key={r.ID}>{named(r)}</li>
            ))}
          </ul>
        </>
      )}
      {skipped.length > 0 && (
        <>
          <strong>Skipped ({skipped.length})</strong>
          <ul className={css.bulkList} aria-label="Skipped">
            {skipped.map((r) => (
              <li key={r.ID}>
                {named(r)}: {r.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {changed.length === 0 && <p>Nothing to change.</p>}
    </div>
  );
}

/** See the module comment. */
export function BulkBar({ selected, archived, onClear, onBulk, undoSeconds = 15 }: BulkBarProps) {
  const [review, setReview] = useState<{ action: Action; answer: FunnelBulkAnswer } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<{ text: string; undo: FunnelBulkAnswer | null } | null>(null);
  const [left, setLeft] = useState(0);

  // The Undo window: a countdown, then the offer goes (the result's sentence stays).
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  const ask = async (action: Action) => {
    setBusy(true);
    setError('');
    try {
      const changes = selected.map((f): FunnelBulkChange => ({ ID: f.ID, ...action }));
      setReview({ action, answer: await onBulk(changes, true) });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (!review) return;
    const { action, answer } = review;
    // Exactly what the summary showed: each funnel at the version the dry run read.
    const changes = answer.results
      .filter((r) => r.outcome === 'changed' && r.version != null)
      .map((r): FunnelBulkChange => ({ ID: r.ID, version: r.version ?? undefined, ...action }));
    if (changes.length === 0) {
      setReview(null);
      return;
    }
    setBusy(true);
    try {
      const res = await onBulk(changes, false);
      const skipped = res.results.filter((r) => r.outcome === 'skipped');
      const text = `${done(action)} ${plural(res.changed)}.${skipped.length ? ` Skipped ${skipped.length}: ${skippedText(skipped)}.` : ''}`;
      setResult({ text, undo: res.changed > 0 ? res : null });
      setLeft(res.changed > 0 ? undoSeconds : 0);
      setReview(null);
      onClear();
    } catch (e) {
      setReview(null);
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const undo = async () => {
    if (!result?.undo) return;
    setBusy(true);
    setError('');
    try {
      const res = await onBulk(bulkUndo(result.undo), false);
      const skipped = res.results.filter((r) => r.outcome === 'skipped');
      setResult({
        text: `Undone: ${plural(res.changed)} back as they were.${skipped.length ? ` Not undone: ${skippedText(skipped)}.` : ''}`,
        undo: null,
      });
      setLeft(0);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const flags: Action[] = [
    { field: 'locked', value: true },
    { field: 'locked', value: false },
    { field: 'archived', value: !archived },
  ];
  return (
    <>
      {selected.length > 0 && (
        <div role="region" aria-label="Bulk actions" className={css.bulkBar}>
          <strong>{plural(selected.length)} selected</strong>
          <select
            aria-label="Set status of the selected funnels"
            className={s.input}
            style={{ width: 'auto' }}
            value=""
            disabled={busy}
            onChange={(e) => {
              const value = PUBLISH_STATUSES.find((v) => v === e.target.value);
              if (value) void ask({ field: 'publish_status', value });
            }}
          >
            <option value="">Set status…</option>
            {PUBLISH_STATUSES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
          {flags.map((a) => (
            <Button key={verb(a)} size="sm" isDisabled={busy} onPress={() => void ask(a)}>
              {verb(a)}
            </Button>
          ))}
          <span className={s.spacer} />
          <Button size="sm" variant="ghost" isDisabled={busy} onPress={onClear}>
            Clear selection
          </Button>
        </div>
      )}
      {(result || error) && (
        <div className={css.bulkBar}>
          {error ? (
            <span role="alert" className={s.errorText}>
              {error}
            </span>
          ) : (
            <span role="status">{result?.text}</span>
          )}
          {result?.undo && left > 0 && (
            <Button size="sm" variant="primary" isDisabled={busy} onPress={() => void undo()}>
              Undo <span aria-hidden="true">({left} s)</span>
            </Button>
          )}
          <span className={s.spacer} />
          <Button
            size="sm"
            variant="ghost"
            aria-label="Dismiss"
            onPress={() => {
              setResult(null);
              setError('');
              setLeft(0);
            }}
          >
            ×
          </Button>
        </div>
      )}
      {review && (
        <ConfirmDialog
          isOpen
          title={`${verb(review.action)} ${plural(review.answer.results.length)}?`}
          message={<Summary action={review.action} answer={review.answer} />}
          confirmLabel={review.answer.changed > 0 ? `${verb(review.action)} ${plural(review.answer.changed)}` : 'Close'}
          danger={review.action.field === 'archived' && review.action.value}
          busy={busy}
          onConfirm={() => void apply()}
          onCancel={() => setReview(null)}
        />
      )}
    </>
  );
}
