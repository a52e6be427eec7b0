/**
 * Logout with unsaved changes (the journal belongs to one user): the operator's
 * unsent edits live in their own journal; signing out asks whether to keep them for their
 * next sign-in on this browser or to discard them. Another account never sees them.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, styles as s, useFocusOnOpen } from '../../../ui';

/** Props of {@link LogoutDialog}. */
export interface LogoutDialogProps {
  isOpen: boolean;
  /** How many changes are not saved (unsent plus restorable ones). */
  unsaved: number;
  busy?: boolean;
  /** Sign out and keep the changes in this user's journal. */
  onKeep: () => void;
  /** Forget the changes, then sign out. */
  onDiscard: () => void;
  onCancel: () => void;
}

/** See the module comment. Escape cancels. */
export function LogoutDialog({ isOpen, unsaved, busy, onKeep, onDiscard, onCancel }: LogoutDialogProps) {
  // Enter keeps the changes and logs out: the safe default has the focus.
  const keepRef = useFocusOnOpen<HTMLButtonElement>(isOpen);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onCancel()} isDismissable={false} className={s.overlay}>
      <Modal className={`${s.modal} ${s.modalWidth[480]}`}>
        <Dialog role="alertdialog" className={s.dialog}>
          <Heading slot="title">Keep your unsaved changes?</Heading>
          <p>
            You have {unsaved} unsaved change{unsaved === 1 ? '' : 's'}. Keep them on this browser for your next sign-in (only you will see them), or discard
            them now.
          </p>
          <div className={s.dialogFooter}>
            <Button onPress={onCancel} isDisabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onPress={onDiscard} isDisabled={busy}>
              Discard and log out
            </Button>
            <Button variant="primary" onPress={onKeep} isDisabled={busy} ref={keepRef}>
              Keep and log out
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
