import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import * as s from './styles.css';
import { useBusyAction } from './useBusyAction';

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

/** What a dialog's form is given: its id (the dialog's Save submits it) and what saving calls. */
export interface FormSlot<V> {
  id: string;
  onSave: (values: V) => Promise<void>;
}

/** Props of {@link FormDialog}: `V` the form's values. */
export interface FormDialogProps<V> extends Omit<FormModalProps, 'busy' | 'onCancel' | 'children'> {
  /** The write the form's values go to; rejects when the server refuses. */
  onSave: (values: V) => Promise<unknown>;
  /** Closes it: Cancel, and a write that went through. */
  onClose: () => void;
  /** The form, mounted only while open (each opening starts from its defaults). */
  children: (slot: FormSlot<V>) => ReactNode;
}

/**
 * A {@link FormModal} whose form saves through one write: Save is busy while it runs and the
 * dialog closes once it went through; a refusal keeps it open with what was typed (the API
 * client has toasted it).
 */
export function FormDialog<V>({ onSave, onClose, children, ...modal }: FormDialogProps<V>) {
  const [busy, run] = useBusyAction();
  return (
    <FormModal {...modal} busy={busy} onCancel={onClose}>
      {modal.isOpen && children({ id: modal.formId, onSave: (v) => run(() => onSave(v), onClose) })}
    </FormModal>
  );
}
