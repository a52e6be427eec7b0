/**
 * Time travel: a slider over the recorded changes of one document of the funnel —
 * the funnel itself or any of its pages — showing the document as it was right after the
 * chosen change (walked back from the saved copy through the audit log's inverse ops), what
 * differs from now, and, for a page, its rendering (the `preview` slot). "Restore this
 * version" records one command that turns the current copy into that version.
 */
import type { ReactNode } from 'react';
import type { AuditLog, VersionDifference } from '../../../model';
import { Box, Button, describePath, describeValue, Inline, SelectField, styles as s } from '../../../ui';
import * as f from './funnels.css';

/** Props of {@link TimeTravel}. */
export interface TimeTravelProps {
  /** The documents to travel in: `funnel:<id>` and the funnel's pages, with their names. */
  docs: readonly { doc: string; label: string }[];
  doc: string;
  onDoc: (doc: string) => void;
  /** The document's recorded changes, oldest first. */
  entries: readonly AuditLog[];
  /** The chosen entry (the version right after it). */
  entryId: number | null;
  onEntry: (id: number) => void;
  /** What differs between that version and now (the saved copy with unsaved edits). */
  differences: readonly VersionDifference[] | null;
  /** The document now, to name list items in the differences (their paths are its paths). */
  now: unknown;
  /** Why the version cannot be shown (a change that no longer replays), if so. */
  error?: string | null;
  /** The rendering of a page version. */
  preview?: ReactNode;
  /** Why Restore is off (locked funnel, no right to edit), if it is. */
  restoreBlocked?: string;
  onRestore: () => void;
  onClose: () => void;
}

const KIND_TEXT = { order: 'order', added: 'added since', removed: 'removed since' } as const;

const when = (e: AuditLog) => new Date(e.CreatedAt).toLocaleString();

/** See the module comment. */
export function TimeTravel({
  docs,
  doc,
  onDoc,
  entries,
  entryId,
  onEntry,
  differences,
  now,
  error,
  preview,
  restoreBlocked,
  onRestore,
  onClose,
}: TimeTravelProps) {
  const index = Math.max(
    0,
    entries.findIndex((e) => e.ID === entryId),
  );
  const entry = entries[index];
  const latest = index === entries.length - 1;
  return (
    <Box as="section" aria-label="Time travel" className={s.card} padding="md" marginBottom="md">
      <Inline marginBottom="sm">
        <Box as="h2" margin="none" fontSize="h2">
          Time travel
        </Box>
        <span className={s.spacer} />
        <Button size="sm" onPress={onClose}>
          Close time travel
        </Button>
      </Inline>
      <div className={f.timeTravelDoc}>
        <SelectField label="Document" value={doc} onChange={(e) => onDoc(e.target.value)} options={docs.map((d) => ({ value: d.doc, label: d.label }))} />
      </div>
      {entries.length === 0 ? (
        <p role="status">No recorded changes of this document yet.</p>
      ) : (
        <>
          <Inline marginBottom="xs">
            <Button
              size="sm"
              aria-label="Earlier version"
              isDisabled={index === 0}
              disabledReason="This is the first version"
              onPress={() => onEntry(entries[index - 1]!.ID)}
            >
              ←
            </Button>
            <input
              type="range"
              min={0}
              max={entries.length - 1}
              step={1}
              value={index}
              className={f.versionSlider}
              aria-label="Version"
              aria-valuetext={entry ? `After “${entry.title}”, ${when(entry)}` : undefined}
              onChange={(e) => onEntry(entries[Number(e.target.value)]!.ID)}
            />
            <Button
              size="sm"
              aria-label="Later version"
              isDisabled={latest}
              disabledReason="This is the latest version"
              onPress={() => onEntry(entries[index + 1]!.ID)}
            >
              →
            </Button>
          </Inline>
          {entry && (
            <p aria-live="polite">
              Version {index + 1} of {entries.length}: after <strong>{entry.title}</strong> by {entry.user.name},{' '}
              <time dateTime={entry.CreatedAt}>{when(entry)}</time>
              {latest ? ' (the saved version)' : ''}
            </p>
          )}
          {error && (
            <p role="alert" className={s.errorText}>
              {error}
            </p>
          )}
          {differences &&
            (differences.length === 0 ? (
              <p role="status">This version is the same as now.</p>
            ) : (
              <Box as="table" className={s.table} marginBottom="sm" aria-label="Differences from now">
                <thead>
                  <tr>
                    <th className={s.th}>Where</th>
                    <th className={s.th}>This version</th>
                    <th className={s.th}>Now</th>
                  </tr>
                </thead>
                <tbody>
                  {differences.map((d, i) => (
                    <tr key={`${d.path} ${d.kind ?? ''} ${i}`}>
                      <td className={s.td}>
                        {describePath(d.path, now)}
                        {d.kind ? ` (${KIND_TEXT[d.kind]})` : ''}
                      </td>
                      <td className={s.td}>
                        <code>{describeValue(d.then)}</code>
                      </td>
                      <td className={s.td}>
                        <code>{describeValue(d.now)}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            ))}
          <Inline marginBottom="sm">
            <Button
              variant="primary"
              isDisabled={!!restoreBlocked || !!error || !differences?.length}
              onPress={onRestore}
              aria-describedby={restoreBlocked ? 'restore-blocked' : undefined}
            >
              Restore this version
            </Button>
            {restoreBlocked && (
              <span id="restore-blocked" className={s.helpText}>
                {restoreBlocked}
              </span>
            )}
          </Inline>
          {preview}
        </>
      )}
    </Box>
  );
}
