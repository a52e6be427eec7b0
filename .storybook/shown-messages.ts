/**
 * Which catalogue messages a story shows ("a story per seed message"). The catalogue is
 * `MSG` (the seeds' validation and error messages, 000 §5, §8; 001 §5, §8) and `PREVIEW_MSG`
 * (the published-page preview's) in src/model/messages.ts. A message with parameters matches
 * any text in their places.
 */
import { MSG, PREVIEW_MSG } from '../src/model/messages';

/** One catalogue message: `MSG.key` or `PREVIEW_MSG.key`, and what finds it in a story's text. */
export interface CatalogueMessage {
  id: string;
  text: string;
  pattern: RegExp;
}

const HOLE = '\u0000';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entry(group: string, key: string, m: unknown): CatalogueMessage {
  const text =
    typeof m === 'function' ? String((m as (...a: string[]) => string)(...Array.from({ length: (m as () => string).length }, () => HOLE))) : String(m);
  // A seed message written 'first line / second line' is shown on two lines (000 §8).
  const pattern = new RegExp(text.split(HOLE).map(escape).join('.+?').replaceAll(' / ', '(?: / |\\s*\\n\\s*)'));
  return { id: `${group}.${key}`, text: text.split(HOLE).join('{…}'), pattern };
}

/** Every message of the catalogue, in its order. */
export const CATALOGUE: CatalogueMessage[] = [
  ...Object.entries(MSG).map(([k, m]) => entry('MSG', k, m)),
  ...Object.entries(PREVIEW_MSG).map(([k, m]) => entry('PREVIEW_MSG', k, m)),
];

/** The ids of the catalogue messages found in `texts` (what a story put on screen). */
export function messagesIn(texts: string[]): string[] {
  return CATALOGUE.filter((c) => texts.some((t) => c.pattern.test(t))).map((c) => c.id);
}
