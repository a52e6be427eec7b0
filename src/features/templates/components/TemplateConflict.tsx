/**
 * The template library's conflict dialog (001 §7 PATCH with If-Match): a save of a template
 * met someone else's newer change to the same values, and the operator keeps theirs or
 * overwrites. Loaded when a conflict happens, with the wording of paths and values it needs.
 */
import type { DocId, RebaseConflict } from '../../../editor';
import type { Template } from '../../../model';
import { describePath, describeValue } from '../../../ui';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** A save that met someone else's newer copy with collisions. */
export interface PendingConflict {
  doc: DocId<'template'>;
  name: string;
  items: readonly RebaseConflict[];
  /** The document as the store holds it (what the collisions' paths are described in). */
  value: Partial<Template> | undefined;
}

/** Props of {@link TemplateConflictDialog}. */
export interface TemplateConflictDialogProps {
  conflict: PendingConflict;
  /** The choice is being saved. */
  busy: boolean;
  /** 'overwrite': save mine; 'keep-theirs': drop mine for the colliding values. */
  onSettle: (choice: 'overwrite' | 'keep-theirs') => void;
}

/** Lists each colliding value (theirs, yours); Overwrite with mine or Cancel (keeps theirs). */
export function TemplateConflictDialog({ conflict, busy, onSettle }: TemplateConflictDialogProps) {
  return (
    <ConfirmDialog
      isOpen
      title={`Template ${conflict.name} was changed meanwhile`}
      confirmLabel="Overwrite with mine"
      busy={busy}
      message={
        <>
          <p>Someone else saved this template after you opened it, and changed the same {conflict.items.length === 1 ? 'value' : 'values'}:</p>
          <ul>
            {conflict.items.map((i) => (
              <li key={i.id}>
                <strong>{describePath(i.path, conflict.value)}</strong>: theirs {describeValue(i.theirs)}, yours {describeValue(i.mine)}
              </li>
            ))}
          </ul>
          <p>Overwrite with mine saves your values; Cancel keeps theirs (your other changes are saved either way).</p>
        </>
      }
      onConfirm={() => onSettle('overwrite')}
      onCancel={() => onSettle('keep-theirs')}
    />
  );
}
