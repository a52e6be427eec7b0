import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** Props of {@link DeleteConfirm}. */
export interface DeleteConfirmProps<T> {
  /** What is being deleted while the dialog is open; null or false while it is closed. */
  item: T | null | false;
  title: string;
  /** The question, in the seeds' words. */
  message: ReactNode;
  busy: boolean;
  /** The screen's busy runner (`useBusyAction`): the delete runs busy, the dialog closes once it went through. */
  run: (action: () => Promise<unknown>, onDone: () => void) => Promise<void>;
  onDelete: (item: T) => Promise<unknown>;
  /** Closes the dialog (Cancel, Escape, or after the delete). */
  onClose: () => void;
}

/** A delete confirmation: a {@link ConfirmDialog} with a danger 'Delete' button; a refused delete leaves it open. */
export function DeleteConfirm<T>({ item, title, message, busy, run, onDelete, onClose }: DeleteConfirmProps<T>) {
  return (
    <ConfirmDialog
      isOpen={item !== null && item !== false}
      title={title}
      danger
      confirmLabel="Delete"
      busy={busy}
      message={message}
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null && item !== false) void run(() => onDelete(item), onClose);
      }}
    />
  );
}
