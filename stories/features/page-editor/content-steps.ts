/**
 * Play-function helpers for the content panel stories (reviews, lists, shipping, slider):
 * a rich-text field by its label and typing into it as an operator.
 */
import { expect, waitFor, within } from 'storybook/test';

/** The editable area of a rich-text field (a textbox named by the field's label). */
export const richText = (scope: HTMLElement, label: string) => within(scope).getByRole('textbox', { name: label });

/**
 * Puts the caret at the end of a rich-text field and types `text` there, as an operator
 * clicking into the text and typing does.
 */
export async function typeAtEnd(user: { click: (el: Element) => Promise<void>; keyboard: (text: string) => Promise<void> }, box: HTMLElement, text: string) {
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
