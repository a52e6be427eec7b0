import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import * as s from './styles.css';
import { useFocusOnOpen } from './useFocusOnOpen';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** The question, in the seeds' words, e.g. 'Are you sure you want to delete this page?'. */
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation (role alertdialog) for destructive or far-reaching actions; Escape cancels. */
export function ConfirmDialog({ isOpen, title, message, confirmLabel = 'OK', danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const confirmRef = useFocusOnOpen<HTMLButtonElement>(isOpen);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onCancel()} isDismissable={false} className={s.overlay}>
      <Modal className={`${s.modal} ${s.modalWidth[440]}`}>
        <Dialog role="alertdialog" className={s.dialog}>
          <Heading slot="title">{title}</Heading>
          <div>{message}</div>
          <div className={s.dialogFooter}>
            <Button onPress={onCancel} isDisabled={busy}>
              Cancel
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} onPress={onConfirm} isDisabled={busy} ref={confirmRef}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

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
