import { useState } from 'react';

/**
 * The text of a field that stores only valid input (DraftTextField, ImageUrlField, the SEO tab's
 * fields): what the operator typed, kept while it is invalid, and why it is (`bad`). An outside
 * change of the stored `value` (undo, redo, a reload) replaces a text that differs and clears the
 * reason; adjusted while rendering, not in an effect.
 */
export function useDraftText(value: string) {
  const [text, setText] = useState(value);
  const [bad, setBad] = useState<string | undefined>();
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    if (text !== value) {
      setText(value);
      setBad(undefined);
    }
  }
  return { text, setText, bad, setBad };
}
