/**
 * One CSV upload of the Sticky page (000 §2 "Campaign fulfilment CSV upload"; 001 §5, §7): a
 * drop zone that is also the label of its file input, so a file comes by the picker (click,
 * or Tab to the input and Enter/Space) or by dropping it on the zone; while it is sent, a
 * progress bar 0–100 %; after, what this upload last said (the seed's '{file} file uploaded
 * successfully' / '{file} file upload failed.' with the reason).
 *
 * Presentational: the screen checks and sends the file (`onFile`).
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { Box, styles as s } from '../../../ui';
import * as z from './sticky.css';

/** What the zone last said: a success, or a refusal with its reason. */
export type ZoneOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Props of {@link CsvDropZone}. */
export interface CsvDropZoneProps {
  /** The input's name, shown first in the zone, e.g. 'Campaign fulfilment CSV file'. */
  label: string;
  /** The columns and caps, under the zone. */
  help: string;
  /** The zone takes no file; `disabledReason` says why (e.g. 'Pick a funnel first'). */
  disabled?: boolean;
  disabledReason?: string;
  /** The file being sent and the fraction sent (0…1), or null. */
  sending: { file: string; fraction: number } | null;
  outcome: ZoneOutcome | null;
  /** A file was chosen or dropped (only the first one of a drop is taken). */
  onFile: (file: File) => void;
}

/** See the module comment. */
export function CsvDropZone({ label, help, disabled = false, disabledReason, sending, outcome, onFile }: CsvDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  const off = disabled || sending !== null;
  const take = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file && !off) onFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };
  const pct = Math.round((sending?.fraction ?? 0) * 100);
  return (
    <div className={z.progress}>
      <label
        className={`${z.dropZone} ${over ? z.dropZoneOver : ''} ${off ? z.dropZoneOff : ''}`}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          if (!off) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className={s.visuallyHidden}
          disabled={off}
          aria-describedby={`${id}-help`}
          onChange={(e) => take(e.currentTarget.files?.[0])}
        />
        <span className={z.zoneTitle}>{label}</span>
        <span>{disabled && disabledReason ? disabledReason : 'Choose a file or drop it here'}</span>
      </label>
      <Box as="p" margin="none" id={`${id}-help`} className={s.helpText}>
        {help}
      </Box>
      {sending && (
        <div className={z.progress}>
          <label htmlFor={`${id}-progress`}>
            Uploading {sending.file}: {pct}%
          </label>
          <progress id={`${id}-progress`} max={100} value={pct} />
        </div>
      )}
      {outcome &&
        (outcome.ok ? (
          <p role="status" className={z.ok}>
            {outcome.message}
          </p>
        ) : (
          <p role="alert" className={z.refused}>
            {outcome.message}
          </p>
        ))}
    </div>
  );
}
