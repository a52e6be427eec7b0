/**
 * The delete confirmation of an item pages may still use (an offer, a product): the question,
 * and when the server refuses with the pages that use it, those pages below it
 * ({@link InUseNotice}) while the dialog stays open.
 */
import { InUseNotice, useInUseRefusal } from '../InUseNotice';
import { useConfirmDelete } from './useConfirmDelete';

/**
 * `ask(item)` opens the confirmation; `dialog` is the ConfirmDialog's props (title aside):
 * `question(item)` as its message, Delete runs `onDelete(item)` and closes once it went through;
 * a refusal keeps it open (an in-use refusal listed under the question). `deleting`: the item
 * being confirmed, or null.
 */
export function useInUseDelete<T>(question: (item: T) => string, onDelete: (item: T) => Promise<unknown>) {
  const { refusal, setRefusal, refusable } = useInUseRefusal();
  return useConfirmDelete(question, onDelete, {
    wrap: refusable,
    below: <InUseNotice refusal={refusal} />,
    onClose: () => setRefusal(null),
  });
}
