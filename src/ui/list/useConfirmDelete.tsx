/**
 * A list's delete confirmation: `ask(item)` opens it with `question(item)`, Delete runs
 * `onDelete(item)` busy and closes once it went through; a refusal (the API client's toast)
 * leaves it open. `dialog` is the ConfirmDialog's props but its title.
 */
import { useState, type ReactNode } from 'react';
import { useBusyAction } from '../useBusyAction';

/** Options of {@link useConfirmDelete} beyond the question and the write. */
export interface ConfirmDeleteOptions {
  /** Wraps the write (e.g. to catch an in-use refusal and show it). */
  wrap?: (write: () => Promise<unknown>) => () => Promise<unknown>;
  /** Shown under the question (e.g. the pages that still use the item). */
  below?: ReactNode;
  /** Runs when the dialog closes, either way. */
  onClose?: () => void;
}

/** See the module comment. `deleting`: the item being confirmed, or null. */
export function useConfirmDelete<T>(question: (item: T) => string, onDelete: (item: T) => Promise<unknown>, o: ConfirmDeleteOptions = {}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, run] = useBusyAction();
  const close = () => {
    setDeleting(null);
    o.onClose?.();
  };
  return {
    deleting,
    ask: setDeleting,
    dialog: {
      isOpen: deleting !== null,
      danger: true,
      confirmLabel: 'Delete',
      busy,
      message:
        deleting === null ? (
          ''
        ) : o.below === undefined ? (
          question(deleting)
        ) : (
          <>
            {question(deleting)}
            {o.below}
          </>
        ),
      onCancel: close,
      onConfirm: () => {
        if (deleting === null) return;
        const write = () => onDelete(deleting);
        void run(o.wrap ? o.wrap(write) : write, close);
      },
    },
  };
}
