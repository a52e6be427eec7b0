/**
 * Why a delete was refused: what is used, the pages that use it — each with its
 * funnel, and "live" when a live release serves it — and what to do first. Shown inside the
 * delete confirmation, which stays open; the API's 409 `{ message, pages }` is its input
 * (src/model/usage.ts).
 */
import { useCallback, useState } from 'react';
import { inUseRefusalOf, pageUseLabel, type InUseRefusal } from '../model/usage';
import { Box } from './Box';
import * as s from './styles.css';

/** Props of {@link InUseNotice}. */
export interface InUseNoticeProps {
  /** The refusal (`inUseRefusalOf` of the failed call); null shows nothing. */
  refusal: InUseRefusal | null;
}

/** The message's sentence before the page list, and the one after it (the list itself is shown as a list). */
function splitMessage(r: InUseRefusal): { head: string; tail: string } {
  const list = r.pages.map(pageUseLabel).join('; ');
  const at = r.message.indexOf(list);
  if (at < 0) return { head: r.message, tail: '' };
  return { head: r.message.slice(0, at).trim(), tail: r.message.slice(at + list.length).replace(/^\.\s*/, '') };
}

/** See {@link InUseNoticeProps}. */
export function InUseNotice({ refusal }: InUseNoticeProps) {
  if (!refusal) return null;
  const { head, tail } = splitMessage(refusal);
  return (
    <Box role="alert" marginTop="md" className={s.errorText}>
      <Box as="p" margin="none">
        {head}
      </Box>
      <Box as="ul" aria-label="Pages that use it" marginY="xs">
        {refusal.pages.map((p) => (
          <li key={`${p.funnel_id}-${p.ID}`}>{pageUseLabel(p)}</li>
        ))}
      </Box>
      {tail && (
        <Box as="p" margin="none">
          {tail}
        </Box>
      )}
    </Box>
  );
}

/**
 * The refusal state of a delete confirmation: `refusable(action)` runs `action` and, when the
 * API refused it as in use (409 with `pages`), keeps that refusal for {@link InUseNotice}
 * before passing the failure on (the dialog stays open); `setRefusal(null)` clears it.
 */
export function useInUseRefusal() {
  const [refusal, setRefusal] = useState<InUseRefusal | null>(null);
  const refusable = useCallback(
    (action: () => Promise<unknown>) => async () => {
      setRefusal(null);
      try {
        return await action();
      } catch (e) {
        setRefusal(inUseRefusalOf(e));
        throw e;
      }
    },
    [],
  );
  return { refusal, setRefusal, refusable };
}
