/**
 * The funnel's Publish button (001 §2) with the progress modal of 000 §2: streamed
 * `{progress, message}` chunks drive a circular percentage; 0 with a message is an error
 * dialog, 100 a 'Done' dialog. Disabled while locked, while a run is going, or while the
 * funnel has unsaved changes (publishing would not include them).
 */
import { useState } from 'react';
import type { ProgressChunk } from '../../../api';
import { Box, Button, ProgressModal } from '../../../ui';

/** Props of {@link PublishButton}. */
export interface PublishButtonProps {
  /** Runs the publish stream, calling `onChunk` per chunk; resolves with the last chunk. */
  publish: (onChunk: (c: ProgressChunk) => void) => Promise<ProgressChunk | null>;
  locked?: boolean;
  /** Why publishing is not possible now (e.g. 'Save your changes first'), shown as the button's description. */
  blockedReason?: string;
}

/** See {@link PublishButtonProps}. */
export function PublishButton({ publish, locked, blockedReason }: PublishButtonProps) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [chunk, setChunk] = useState<ProgressChunk>({ progress: 0, message: '' });
  const [failed, setFailed] = useState(false);
  const start = async () => {
    setOpen(true); setRunning(true); setFailed(false); setChunk({ progress: 0, message: 'Starting…' });
    try {
      const last = await publish((c) => setChunk(c));
      if (!last || last.progress < 100) { setFailed(true); if (!last) setChunk({ progress: 0, message: 'The publish stream ended without an answer' }); }
    } catch (e) {
      setFailed(true);
      setChunk({ progress: 0, message: (e as Error).message });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button variant="primary" onPress={() => void start()} isDisabled={locked || running || !!blockedReason}
        aria-description={locked ? 'The funnel is locked' : blockedReason}>
        {running ? 'Publishing…' : 'Publish'}
      </Button>
      {blockedReason && !locked && <Box as="span" role="note" fontSize="small">{blockedReason}</Box>}
      <ProgressModal isOpen={open} title="Publishing" progress={chunk.progress} message={chunk.message} failed={failed} onClose={() => setOpen(false)} />
    </>
  );
}
