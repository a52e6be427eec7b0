/**
 * Play-function helpers for the content panel stories (reviews, lists, shipping, slider):
 * the page document id, a rich-text field by its label, and typing into it as an operator.
 */
import { expect, waitFor, within } from 'storybook/test';

/** The editor document of a page. */
export const docOf = (id: number) => `page:${id}` as const;

/** The editable area of a rich-text field (a textbox named by the field's label). */
export const richText = (scope: HTMLElement, label: string) => within(scope).getByRole('textbox', { name: label });

/**
 * Puts the caret at the end of a rich-text field and types `text` there, as an operator
 * clicking into the text and typing does.
 */
export async function typeAtEnd(
  user: { click: (el: Element) => Promise<void>; keyboard: (text: string) => Promise<void> },
  box: HTMLElement,
  text: string,
) {
  await user.click(box);
  await waitFor(() => expect(box).toHaveFocus());
  const sel = box.ownerDocument.getSelection()!;
  const last = lastTextNode(box);
  if (last) sel.setBaseAndExtent(last, last.length, last, last.length);
  await new Promise((r) => setTimeout(r, 30)); // Lexical reads the selection on selectionchange
  if (text) await user.keyboard(text);
}

function lastTextNode(el: Node): Text | null {
  for (let n = el.lastChild; n; n = n.previousSibling) {
    if (n.nodeType === Node.TEXT_NODE && (n as Text).length > 0) return n as Text;
    const inner = lastTextNode(n);
    if (inner) return inner;
  }
  return null;
}

/**
 * Drags with the keyboard as an operator does, waiting on what the operator would see
 * rather than on fixed pauses (slow machines): focus the handle, Space to pick up (the
 * handle shows pressed), each arrow key until the screen-reader announcement names the
 * position `to` (1-based), then `drop` ('[Space]' drops, '[Escape]' cancels).
 */
export async function keyboardMove(
  user: { keyboard: (text: string) => Promise<void> },
  handle: HTMLElement,
  arrows: string[],
  to: number,
  drop: '[Space]' | '[Escape]' = '[Space]',
) {
  handle.focus();
  await expect(handle).toHaveFocus();
  await user.keyboard('[Space]');
  await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'), { timeout: 5000 });
  for (const a of arrows) {
    await new Promise((r) => setTimeout(r, 50));
    await user.keyboard(a);
  }
  const region = () => handle.ownerDocument.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
  await waitFor(() => expect(region()).toMatch(new RegExp(`moved to position ${to} of`)), { timeout: 5000 });
  await user.keyboard(drop);
  await waitFor(() => expect(handle).not.toHaveAttribute('aria-pressed', 'true'), { timeout: 5000 });
}
