/**
 * The account menu's Profile: the signed-in user's name, e-mail and role, with one button,
 * Close (Escape closes it too). It asks nothing, so it is a dialog, not a confirmation.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { SessionUser } from '../model';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import * as s from '../ui/styles.css';
import { useFocusOnOpen } from '../ui/useFocusOnOpen';

/** Props of {@link ProfileDialog}. */
export interface ProfileDialogProps {
  /** The signed-in user, or undefined while it loads. */
  me: Pick<SessionUser, 'name' | 'email' | 'role'> | undefined;
  onClose: () => void;
}

/** The Profile dialog (open while rendered). */
export function ProfileDialog({ me, onClose }: ProfileDialogProps) {
  const closeRef = useFocusOnOpen<HTMLButtonElement>(true);
  return (
    <ModalOverlay isOpen onOpenChange={(o) => !o && onClose()} isDismissable className={s.overlay}>
      <Modal className={`${s.modal} ${s.modalWidth[440]}`}>
        <Dialog className={s.dialog}>
          <Heading slot="title">Profile</Heading>
          <div>
            {me ? (
              <dl>
                <dt>Name</dt>
                <dd>{me.name}</dd>
                <dt>E-mail</dt>
                <dd>{me.email}</dd>
                <dt>Role</dt>
                <dd>{me.role}</dd>
              </dl>
            ) : (
              <Skeleton label="Loading…" variant="lines" />
            )}
          </div>
          <div className={s.dialogFooter}>
            <Button variant="primary" onPress={onClose} ref={closeRef}>
              Close
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
