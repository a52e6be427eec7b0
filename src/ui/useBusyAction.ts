import { useCallback, useState } from 'react';

/**
 * Runs a dialog's async action with a busy flag. On success `onDone` runs (e.g. closes the
 * dialog); on failure the dialog stays open with what the operator typed — the API client
 * has already shown the server's message, so nothing is lost or shown twice.
 * @returns `[busy, run]`.
 */
export function useBusyAction(): [boolean, (action: () => Promise<unknown>, onDone: () => void) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>, onDone: () => void) => {
    setBusy(true);
    try {
      await action();
      onDone();
    } catch {
      /* shown by the API client; keep the dialog open */
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
