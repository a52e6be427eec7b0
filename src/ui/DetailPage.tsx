/**
 * The chrome of a detail page (an offer, a product, a funnel, a campaign): the link back to its
 * list, then the title row; the page an unknown id gets instead; and the delete confirmation.
 * One module, so that the pages load one small chunk for them.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, HeadingRow, Inline } from './Box';
import { ConfirmDialog } from './ConfirmDialog';

/** A link back up the hierarchy ('← Offers'); the arrow is decoration, hidden from screen readers. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}

/** Props of {@link DetailHeader}. */
export interface DetailHeaderProps {
  /** The list the page belongs to: its path and its link's text. */
  back: { to: string; label: ReactNode };
  /** The `h1`'s id (the section's `aria-labelledby`), when it has one. */
  titleId?: string;
  title: ReactNode;
  /** After the title in its row: badges, a spacer, the page's actions. */
  children?: ReactNode;
}

/** The back link on its own row, then the title row (`h1` and `children`). */
export function DetailHeader({ back, titleId, title, children }: DetailHeaderProps) {
  return (
    <>
      <Inline marginBottom="sm">
        <BackLink to={back.to}>{back.label}</BackLink>
      </Inline>
      <HeadingRow id={titleId} title={title} after={children} />
    </>
  );
}

/**
 * An unknown item (a wrong id in the address, or a deleted one), said clearly with the way back:
 * the heading `title`, 'There is no {noun} with this ID. It may have been deleted.' as an alert,
 * and the link back to `back`.
 */
export function NotFoundSection({ id, title, noun, back }: { id: string; title: string; noun: string; back: { to: string; label: string } }) {
  return (
    <section aria-labelledby={id}>
      <Box as="h1" id={id}>
        {title}
      </Box>
      <p role="alert">{`There is no ${noun} with this ID. It may have been deleted.`}</p>
      <BackLink to={back.to}>{back.label}</BackLink>
    </section>
  );
}

/** Props of {@link DeleteConfirm}. */
export interface DeleteConfirmProps<T> {
  /** What is being deleted while the dialog is open; null or false while it is closed. */
  item: T | null | false;
  title: string;
  /** The question, in the seeds' words. */
  message: ReactNode;
  busy: boolean;
  /** The screen's busy runner (`useBusyAction`): the delete runs busy, the dialog closes once it went through. */
  run: (action: () => Promise<unknown>, onDone: () => void) => Promise<void>;
  onDelete: (item: T) => Promise<unknown>;
  /** Closes the dialog (Cancel, Escape, or after the delete). */
  onClose: () => void;
}

/** A delete confirmation: a {@link ConfirmDialog} with a danger 'Delete' button; a refused delete leaves it open. */
export function DeleteConfirm<T>({ item, title, message, busy, run, onDelete, onClose }: DeleteConfirmProps<T>) {
  return (
    <ConfirmDialog
      isOpen={item !== null && item !== false}
      title={title}
      danger
      confirmLabel="Delete"
      busy={busy}
      message={message}
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null && item !== false) void run(() => onDelete(item), onClose);
      }}
    />
  );
}
