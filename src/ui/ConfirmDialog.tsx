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
