import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned ref's element when `open` turns true — the dialog's default
 * action (e.g. its confirm button), which the operator can then press with Enter. It runs
 * after react-aria's Dialog has focused itself, so it wins over that default.
 */
export function useFocusOnOpen<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  return ref;
}
