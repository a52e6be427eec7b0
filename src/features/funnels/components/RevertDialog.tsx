/**
 * "Revert this change": what reverting one audit entry would put back, on the
 * operator's current copy (unsaved edits included). Values a later change also changed are
 * never reverted silently: each shows the value now and the value the revert restores, and
 * the operator decides per place. The revert is recorded as one command "Revert: <label>"
 * (undoable; saved with the editor bar's Save).
 */
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { getAt, type AuditLog, type Operation, type RevertConflict } from '../../../model';
import { Box, Button, describePath, describeValue, itemName, sprinkles, styles as s, useFocusOnOpen } from '../../../ui';
import { KeepChoices, type KeepSide } from '../../../ui/ChoiceRadio';

/** What the dialog shows: the plan of the revert on the current copy, or why there is none. */
export type RevertPreview = { ops: readonly Operation[]; conflicts: readonly RevertConflict[]; current: unknown } | { error: string };

/** Props of {@link RevertDialog}. */
export interface RevertDialogProps {
  /** The entry to revert; the dialog is open while it is set. */
  entry: AuditLog | null;
  /** How the document is named ("Page Checkout", "Funnel GlowSkin"). */
  docTitle: string;
  preview: RevertPreview | null;
  /** Records the revert with the operator's choice per conflict ('mine': revert it anyway). */
  onConfirm: (choices: Record<string, 'mine' | 'theirs'>) => void;
  onCancel: () => void;
}

/** The value an op puts at its path ('(removed)' for a remove). */
const written = (op: Operation): unknown => (op.op === 'remove' ? undefined : 'value' in op ? op.value : undefined);

/** See the module comment. Render it with a `key` per entry: the choices start afresh for each. */
export function RevertDialog({ entry, docTitle, preview, onConfirm, onCancel }: RevertDialogProps) {
  const [choices, setChoices] = useState<Record<string, KeepSide>>({});
  const confirmRef = useFocusOnOpen<HTMLButtonElement>(!!entry && !!preview);
  const plan = preview && 'ops' in preview ? preview : null;
  const nothing = plan && plan.ops.length === 0 && plan.conflicts.length === 0;
  const reverting = plan ? plan.ops.filter((o) => o.op !== 'move' && o.op !== 'test') : [];
  return (
    <ModalOverlay isOpen={!!entry} onOpenChange={(o) => !o && onCancel()} isDismissable className={s.overlay}>
      <Modal className={`${s.modal} ${s.modalWidth[520]}`}>
        <Dialog role="alertdialog" className={s.dialog} aria-label={entry ? `Revert ${entry.title}` : 'Revert'}>
          <Heading slot="title">Revert this change</Heading>
          {entry && (
            <p>
              <strong>{entry.title}</strong> on {docTitle}, by {entry.user.name} on{' '}
              <time dateTime={entry.CreatedAt}>{new Date(entry.CreatedAt).toLocaleString()}</time>.
            </p>
          )}
          {!preview && <p role="status">Working out what this change did…</p>}
          {preview && 'error' in preview && (
            <p role="alert" className={s.errorText}>
              {preview.error}
            </p>
          )}
          {nothing && <p role="status">Nothing to revert: these values are already as they were before this change.</p>}
          {plan && reverting.length > 0 && (
            <>
              <p>These values go back:</p>
              <Box as="ul" margin="none" paddingLeft="md" aria-label="Values that go back">
                {reverting.map((op, i) => {
                  const parent = op.path.slice(0, op.path.lastIndexOf('/'));
                  // An add into a list puts an item back: name it, not the item at that position now.
                  if (op.op === 'add' && Array.isArray(getAt(plan.current, parent))) {
                    const name = itemName(op.value);
                    return (
                      <li key={i}>
                        {describePath(parent, plan.current)}
                        {name ? ` › ${name}` : ''}: put back <code>{describeValue(op.value)}</code>
                      </li>
                    );
                  }
                  return (
                    <li key={i}>
                      {describePath(op.path, plan.current)}: <code>{describeValue(getAt(plan.current, op.path))}</code> →{' '}
                      <code>{describeValue(written(op))}</code>
                    </li>
                  );
                })}
              </Box>
            </>
          )}
          {plan && plan.conflicts.length > 0 && (
            <>
              <p>
                {plan.conflicts.length === 1 ? 'One place was' : `${plan.conflicts.length} places were`} changed again after this change. Choose what to keep:
              </p>
              <KeepChoices
                label="Changed again later"
                items={plan.conflicts}
                doc={plan.current}
                words={{ removedNote: ' — removed later', theirsLabel: 'Keep the value now: ', mineLabel: 'Revert it to: ' }}
                choices={choices}
                onChoices={setChoices}
                cardClassName={`${s.card} ${sprinkles({ padding: 'sm' })}`}
              />
            </>
          )}
          <div className={s.dialogFooter}>
            <Button onPress={onCancel}>{nothing || !plan ? 'Close' : 'Cancel'}</Button>
            {plan && !nothing && (
              <Button variant="primary" ref={confirmRef} onPress={() => onConfirm(choices)}>
                Revert
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
