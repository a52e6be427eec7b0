import type { Ref } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Box, Inline } from './Box';
import { Button } from './Button';
import * as s from './styles.css';
import { useFocusOnOpen } from './useFocusOnOpen';

/** Props of {@link ProgressModal}: the latest `{progress, message}` chunk of a stream. */
export interface ProgressModalProps {
  isOpen: boolean;
  title: string;
  /** 0–100. 0 with a message means the stream failed. */
  progress: number;
  message: string;
  /** True once the stream ended with an error chunk. */
  failed?: boolean;
  onClose: () => void;
}

/**
 * Progress of a long run such as publishing (000 §2): a circular percentage while running;
 * an error dialog titled 'An error occurred' at 0 with a message; a 'Done' dialog at 100.
 */
export function ProgressModal({ isOpen, title, progress, message, failed, onClose }: ProgressModalProps) {
  const done = !failed && progress >= 100;
  const pct = Math.max(0, Math.min(100, Math.round(progress)));
  const r = 42;
  const c = 2 * Math.PI * r;
  const closeRef = useFocusOnOpen<HTMLButtonElement>(isOpen && (Boolean(failed) || done));
  const heading = failed ? 'An error occurred' : done ? 'Done' : title;
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={false}
      isKeyboardDismissDisabled={!(failed || done)}
      onOpenChange={(o) => !o && onClose()}
      className={s.overlay}
    >
      <Modal className={`${s.modal} ${s.modalWidth[420]}`}>
        <Dialog role={failed ? 'alertdialog' : 'dialog'} className={s.dialog}>
          <Heading slot="title">{heading}</Heading>
          {failed ? (
            <p role="alert">{message}</p>
          ) : (
            <Inline gap={16} wrap={false}>
              <svg
                width="100"
                height="100"
                viewBox="0 0 100 100"
                role="progressbar"
                aria-label={title}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
              >
                <circle cx="50" cy="50" r={r} fill="none" stroke="#e3e6ec" strokeWidth="10" />
                <circle
                  cx="50"
                  cy="50"
                  r={r}
                  fill="none"
                  stroke={done ? '#146c2e' : '#2446c7'}
                  strokeWidth="10"
                  strokeDasharray={c}
                  strokeDashoffset={c * (1 - pct / 100)}
                  transform="rotate(-90 50 50)"
                  strokeLinecap="round"
                />
                <text x="50" y="55" textAnchor="middle" fontSize="18" fontWeight="600" fill="#1c2330">
                  {pct}%
                </text>
              </svg>
              <Box as="p" aria-live="polite" margin="none">
                {message}
              </Box>
            </Inline>
          )}
          {(failed || done) && <CloseFooter onClose={onClose} ref={closeRef} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The footer of a dialog that only tells (a finished or failed run, why publishing stopped): one
 * primary Close button. `ref` reaches the button, for the dialog to focus it when it opens.
 */
export function CloseFooter({ onClose, ref }: { onClose: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <div className={s.dialogFooter}>
      <Button variant="primary" onPress={onClose} ref={ref}>
        Close
      </Button>
    </div>
  );
}
