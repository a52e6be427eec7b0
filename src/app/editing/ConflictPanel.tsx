/**
 * The conflict question (src/editor/README.md, "Rebase by identity, never by position"): someone else saved the
 * document meanwhile and some of the operator's unsent edits collide with theirs — an item
 * they edited was removed, or a value both changed. Each collision shows both values and the
 * operator keeps theirs or mine; every other edit has already been carried over by identity.
 * The same question comes before an undo or redo that would overwrite their change since: keeping
 * theirs skips that part of the step.
 */
import { useState } from 'react';
import type { ConflictChoice, DocConflict, DocId, HistoryConflict } from '../../editor';
import { Box, Button, sprinkles, styles as s } from '../../ui';
import { KeepChoices, type KeepSide } from '../../ui/ChoiceRadio';

/** Props of {@link ConflictPanel}. */
export interface ConflictPanelProps {
  doc: DocId;
  /** How the document is named to the operator (e.g. "Page Checkout"); default its id. */
  title?: string;
  /** A save's or restore's collision, or an undo's or redo's ({@link HistoryConflict}). */
  conflict: DocConflict | HistoryConflict;
  /** Settles the conflict (the store's `resolveConflict`, or `resolveHistoryConflict`). */
  onResolve: (choice: ConflictChoice) => void | Promise<unknown>;
}

/** See the module comment; one radio group per colliding place, then Apply. */
export function ConflictPanel({ doc, title = doc, conflict, onResolve }: ConflictPanelProps) {
  const [choices, setChoices] = useState<Record<string, KeepSide>>({});
  const [busy, setBusy] = useState(false);
  const resolve = async (c: ConflictChoice) => {
    setBusy(true);
    try {
      await onResolve(c);
    } finally {
      setBusy(false);
    }
  };
  const n = conflict.items.length;
  const places = n === 1 ? 'one place' : `${n} places`;
  const step = conflict.source === 'undo' || conflict.source === 'redo' ? conflict : null;
  const what = conflict.source === 'restore' ? 'The unsaved changes from your last visit' : 'Your unsaved changes';
  return (
    <Box
      as="section"
      role="alert"
      aria-label={step ? `${step.source === 'undo' ? 'Undo' : 'Redo'} conflict in ${title}` : `Conflict in ${title}`}
      className={s.tone.danger}
      width="full"
      padding={10}
      borderRadius="sm"
      display="grid"
      gap="sm"
    >
      {step ? (
        <>
          <strong>
            Someone else changed {title} after you made “{step.label}”.
          </strong>
          <span>
            {step.source === 'undo' ? 'Undoing' : 'Redoing'} it would overwrite their change in {places}. Keep theirs to skip that part; the rest of the step is{' '}
            {step.source === 'undo' ? 'undone' : 'redone'} either way. Choose what to keep:
          </span>
        </>
      ) : (
        <>
          <strong>Someone else saved {title} meanwhile.</strong>
          <span>
            {what} were carried over onto their version, except {places} where you both changed the same thing. Choose what to keep:
          </span>
        </>
      )}
      <KeepChoices
        items={conflict.items}
        doc={conflict.base}
        words={{ removedNote: ' — removed by someone else', theirsLabel: 'Keep theirs: ', mineLabel: 'Keep mine: ' }}
        choices={choices}
        onChoices={setChoices}
        isDisabled={busy}
        cardClassName={sprinkles({ background: 'surface', color: 'text', padding: 'sm', borderRadius: 'sm' })}
      />
      <div className={s.row}>
        <Button size="sm" variant="primary" isDisabled={busy} onPress={() => void resolve(choices)}>
          Apply my choices
        </Button>
        <Button size="sm" isDisabled={busy} onPress={() => void resolve('keep-theirs')}>
          Keep all theirs
        </Button>
        <Button size="sm" variant="danger" isDisabled={busy} onPress={() => void resolve('overwrite')}>
          Keep all mine
        </Button>
      </div>
    </Box>
  );
}
