/**
 * "What this edits" for each editor panel's docs page (issue 16): the page-meta keys it writes
 * (000 §3) and the seeds' messages it can show (000 §5, §8; `src/model/messages.ts`), keyed by
 * the story title of the panel's stories. `tests/scripts/story-messages.ts` checks after the
 * story run that every message named here is shown by one of that title's stories.
 */
export interface WhatThisEdits {
  /** Page-meta keys the panel writes (000 §3), with what each holds. */
  keys: { key: string; holds: string }[];
  /** Keys of `MSG` (src/model/messages.ts) the panel can show. */
  messages: string[];
  /** One sentence on anything else the panel changes (e.g. the funnel's products). */
  note?: string;
}

/** Story title → what that panel edits. Filled per panel; a title missing here shows no section. */
export const WHAT_THIS_EDITS: Record<string, WhatThisEdits> = {};
