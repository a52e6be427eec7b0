/**
 * The build's progress (000 §2 progress modal, §4 build sequence): every step of the sequence
 * with its state (waiting, running, done, failed, skipped) and the percentage done. A failed
 * step shows the server's message, and Resume continues from it.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Box, Button, styles as s } from '../../../ui';
import { BUILD_STEP_LABELS, BUILD_STEPS, buildProgress, stepStatus, type BuildPlan, type BuildState, type StepStatus } from './sequence';

const TONE: Record<StepStatus, keyof typeof s.tone | null> = { waiting: null, running: 'info', done: 'success', failed: 'danger', skipped: 'warning' };

/** Props of {@link BuildProgressList}. */
export interface BuildProgressListProps {
  plan: BuildPlan;
  state: BuildState;
}

/** The steps with their states and the percentage (the Quick wizard's Build step shows it inline). */
export function BuildProgressList({ plan, state }: BuildProgressListProps) {
  const pct = buildProgress(plan, state);
  return (
    <div>
      <div role="progressbar" aria-label="Build progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} className={s.row}>
        <progress max={100} value={pct} aria-hidden="true" />
        <strong>{pct}%</strong>
      </div>
      <Box as="ol" aria-label="Build steps" paddingLeft="lg">
        {BUILD_STEPS.map((step) => {
          const st = stepStatus(plan, state, step);
          const tone = TONE[st];
          const count =
            step === 'campaigns'
              ? ` (${Object.keys(state.campaigns).length}/${plan.campaigns.length})`
              : step === 'pages'
                ? ` (${Object.keys(state.pages).length}/${plan.pages.length})`
                : '';
          return (
            <li key={step} aria-label={`${BUILD_STEP_LABELS[step]}: ${st}`}>
              <span className={s.row}>
                {BUILD_STEP_LABELS[step]}
                {count}
                <span className={`${s.badge} ${tone ? s.tone[tone] : ''}`}>{st}</span>
              </span>
              {st === 'failed' && state.failed && (
                <p role="alert" className={s.errorText}>
                  {BUILD_STEP_LABELS[step]} failed: {state.failed.message}
                </p>
              )}
            </li>
          );
        })}
      </Box>
    </div>
  );
}

/** Props of {@link BuildProgressModal}. */
export interface BuildProgressModalProps extends BuildProgressListProps {
  isOpen: boolean;
  /** Runs the sequence again from the failed step. */
  onResume: () => void;
  /** Closes the dialog after a failure (back to the wizard to fix a step). */
  onClose: () => void;
}

/**
 * The progress modal of the build wizard's finish: the {@link BuildProgressList}; not
 * closable while a step runs; after a failure, Resume and Close (to fix a step first).
 */
export function BuildProgressModal({ plan, state, isOpen, onResume, onClose }: BuildProgressModalProps) {
  const failed = state.failed != null;
  return (
    <ModalOverlay isOpen={isOpen} isDismissable={false} isKeyboardDismissDisabled={!failed} onOpenChange={(o) => !o && onClose()} className={s.overlay}>
      <Modal className={`${s.modal} ${s.modalWidth[480]}`}>
        <Dialog role={failed ? 'alertdialog' : 'dialog'} className={s.dialog}>
          <Heading slot="title">{failed ? 'The build stopped' : 'Building the funnel'}</Heading>
          <BuildProgressList plan={plan} state={state} />
          {failed && (
            <div className={s.dialogFooter}>
              <Button onPress={onClose}>Close</Button>
              <Button variant="primary" onPress={onResume}>
                Resume
              </Button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
