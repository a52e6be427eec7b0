/**
 * The funnel's Publish button (001 §2) with the progress modal of 000 §2: streamed
 * `{progress, message}` chunks drive a circular percentage; 0 with a message is an error
 * dialog, 100 a 'Done' dialog. Disabled while locked, while a run is going, or while the
 * funnel has unsaved changes (publishing would not include them).
 *
 * Before publishing it looks at the pre-publish check (`problems`, from the model's
 * flowProblems): errors open 'Publishing is not possible' with every problem and a link to
 * its page, and nothing is published; warnings only ask first ('Publish anyway' / Cancel).
 * The server runs the same check and refuses errors on its own as well.
 *
 * With `whatGoesLive` every publish asks first, showing "What goes live": the
 * business-level differences of the saved funnel against the live release, one sentence each
 * ("Nothing changed since the live release" when there are none), in the same confirmation as
 * the warnings.
 */
import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ProgressChunk } from '../../../api';
import { MSG, type FlowProblem } from '../../../model';
import { NOTHING_CHANGED } from '../../../model/releases';
import { Box, Button, CloseFooter, ConfirmDialog, ProgressModal, Stack, styles as s, useFocusOnOpen } from '../../../ui';
import { FlowProblems } from './FlowProblems';

/** Props of {@link PublishButton}. */
export interface PublishButtonProps {
  /** Runs the publish stream, calling `onChunk` per chunk; resolves with the last chunk. */
  publish: (onChunk: (c: ProgressChunk) => void) => Promise<ProgressChunk | null>;
  /** The funnel published: the problems link to its pages (/funnels/{funnelId}/pages/{pageId}). */
  funnelId: number;
  locked?: boolean;
  /** Why publishing is not possible now (e.g. 'Save your changes first'), shown as the button's description. */
  blockedReason?: string;
  /** The pre-publish check of what would be published (flowProblems); none or omitted: Publish starts at once. */
  problems?: readonly FlowProblem[];
  /**
   * What Publish would put live, as sentences (`GET /api/v1/funnels/{id}/releases/pending`):
   * read when Publish is pressed and shown in the confirmation. Omitted: no confirmation
   * unless there are warnings.
   */
  whatGoesLive?: () => Promise<string[]>;
}

/** What the confirmation knows of what goes live. */
type Live = { state: 'loading' } | { state: 'done'; changes: string[] } | { state: 'failed'; message: string };

/** The "What goes live" part of the confirmation. */
export function WhatGoesLive({ live }: { live: Live }) {
  let body: ReactNode;
  if (live.state === 'loading') body = <p role="status">Comparing with the live release…</p>;
  else if (live.state === 'failed') body = <p>What goes live could not be read ({live.message}); publishing still puts the saved funnel live.</p>;
  else if (live.changes.length === 0) body = <p>{NOTHING_CHANGED}</p>;
  else
    body = (
      <Stack as="ul" gap={2} margin="none" paddingLeft="md" aria-label="What goes live">
        {live.changes.map((c, i) => (
          <li key={i}>{c}</li>
        ))}
      </Stack>
    );
  return (
    <Box as="section" aria-labelledby="what-goes-live" marginTop="sm">
      <Box as="h3" id="what-goes-live" fontSize={16} marginBottom="xs">
        What goes live
      </Box>
      {body}
    </Box>
  );
}

/** See {@link PublishButtonProps}. */
export function PublishButton({ publish, funnelId, locked, blockedReason, problems = [], whatGoesLive }: PublishButtonProps) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [chunk, setChunk] = useState<ProgressChunk>({ progress: 0, message: '' });
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState<null | 'errors' | 'confirm'>(null);
  const [live, setLive] = useState<Live>({ state: 'loading' });
  const closeRef = useFocusOnOpen<HTMLButtonElement>(asking === 'errors');
  const start = async () => {
    setOpen(true);
    setRunning(true);
    setFailed(false);
    setChunk({ progress: 0, message: 'Starting…' });
    try {
      const last = await publish((c) => setChunk(c));
      if (!last || last.progress < 100) {
        setFailed(true);
        if (!last) setChunk({ progress: 0, message: 'The publish stream ended without an answer' });
      }
    } catch (e) {
      setFailed(true);
      setChunk({ progress: 0, message: (e as Error).message });
    } finally {
      setRunning(false);
    }
  };
  const press = () => {
    if (problems.some((p) => p.level === 'error')) {
      setAsking('errors');
      return;
    }
    if (!problems.length && !whatGoesLive) {
      void start();
      return;
    }
    setAsking('confirm');
    if (!whatGoesLive) return;
    setLive({ state: 'loading' });
    whatGoesLive().then(
      (changes) => setLive({ state: 'done', changes }),
      (e: unknown) => setLive({ state: 'failed', message: (e as Error).message }),
    );
  };
  const warnings = problems.filter((p) => p.level === 'warning');
  return (
    <>
      <Button
        variant="primary"
        onPress={press}
        isDisabled={locked || running || !!blockedReason}
        disabledReason={locked ? MSG.locked : running ? 'Publishing: the build is running' : blockedReason}
      >
        {running ? 'Publishing…' : 'Publish'}
      </Button>
      {blockedReason && !locked && (
        <Box as="span" role="note" fontSize="small">
          {blockedReason}
        </Box>
      )}
      <ModalOverlay isOpen={asking === 'errors'} isDismissable onOpenChange={(o) => !o && setAsking(null)} className={s.overlay}>
        <Modal className={`${s.modal} ${s.modalWidth[520]}`}>
          <Dialog role="alertdialog" className={s.dialog}>
            <Heading slot="title">Publishing is not possible</Heading>
            <p>Nothing was published. Fix the errors below, then publish again.</p>
            <FlowProblems problems={problems} funnelId={funnelId} />
            <CloseFooter onClose={() => setAsking(null)} ref={closeRef} />
          </Dialog>
        </Modal>
      </ModalOverlay>
      <ConfirmDialog
        isOpen={asking === 'confirm'}
        title={warnings.length ? 'Publish with warnings?' : 'Publish funnel?'}
        confirmLabel={warnings.length ? 'Publish anyway' : 'Publish'}
        message={
          <>
            {warnings.length > 0 && (
              <>
                <p>The pre-publish check found {warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}. Publish anyway?</p>
                <FlowProblems problems={warnings} funnelId={funnelId} />
              </>
            )}
            {whatGoesLive && <WhatGoesLive live={live} />}
          </>
        }
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          void start();
        }}
      />
      <ProgressModal isOpen={open} title="Publishing" progress={chunk.progress} message={chunk.message} failed={failed} onClose={() => setOpen(false)} />
    </>
  );
}
