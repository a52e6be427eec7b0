/**
 * The open dialog of {@link useAddEdit} (src/ui/list/useAddEdit.tsx), loaded when a list's Add or
 * Edit first opens: its title, its form, Save busy while the write runs, closed once the write
 * went through. A refused write keeps it open with what was typed: the API client has toasted
 * the refusal, and with `errorsTo: 'form'` the form's save also rejects so it can show the
 * refusal at its field.
 */
import { useState, type ReactNode } from 'react';
import { FormModal } from '../FormModal';
import { useBusyAction } from '../useBusyAction';

/** 'toast': a refused write is the API client's toast only; 'form': it also rejects into the form. */
export type ErrorsTo = 'toast' | 'form';

/** The dialog to show: `form(save)` renders the form, whose save hands its write to `save`. */
export interface DialogSide {
  title: string;
  formId: string;
  errorsTo: ErrorsTo;
  close: () => void;
  form: (save: (write: () => Promise<unknown>) => Promise<void>) => ReactNode;
}

/** See the module comment. */
export default function AddEditDialogs({ title, formId, errorsTo, close, form }: DialogSide) {
  const [busy, run] = useBusyAction();
  const [saving, setSaving] = useState(false);
  const save = async (write: () => Promise<unknown>): Promise<void> => {
    if (errorsTo === 'toast') return run(write, close);
    setSaving(true);
    try {
      await write();
      close();
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormModal title={title} isOpen formId={formId} busy={busy || saving} onCancel={close}>
      {form(save)}
    </FormModal>
  );
}
