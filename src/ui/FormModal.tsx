import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import * as s from './styles.css';

/** Props of {@link FormModal}. */
export interface FormModalProps {
  title: string;
  isOpen: boolean;
  /** The id of the <form> inside: Save submits it, so the form validates before its save handler runs. */
  formId: string;
  onCancel: () => void;
  /** True while the form's save handler runs: Save shows "Saving…" and both buttons are disabled. */
  busy?: boolean;
  saveLabel?: string;
  children: ReactNode;
}

/**
 * The modal host of seed 000 §2 "Shared dialogs": Save and Cancel; Cancel closes it;
 * Escape and a click on the mask do not (nothing typed is lost by a stray click).
 * Save is the form's submit button, so validation runs first and only a valid form saves.
 */
export function FormModal({ title, isOpen, formId, onCancel, busy, saveLabel = 'Save', children }: FormModalProps) {
  return (
    <ModalOverlay isOpen={isOpen} isDismissable={false} isKeyboardDismissDisabled className={s.overlay}>
      <Modal className={s.modal}>
        <Dialog className={s.dialog}>
          <Heading slot="title">{title}</Heading>
          {children}
          <div className={s.dialogFooter}>
            <Button onPress={onCancel} isDisabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form={formId} isDisabled={busy}>
              {busy ? 'Saving…' : saveLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
