/**
 * The funnel lock on writes outside the document PATCH/PUT path (new pages, a funnel's
 * blockers, pixels and scrubs, images, domains, campaigns): a locked funnel refuses them with 423.
 *
 * Source: 001 §4 ("While locked, edits … are disabled"); src/server/README.md (a locked funnel refuses edits).
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../model/index.ts';
import { funnels } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import type { Q } from '../repo.ts';

/** Refuses changes to a locked funnel (brief §6; 001 §4 "While locked, edits … are disabled"). */
export async function assertUnlocked(q: Q, funnelId: number): Promise<void> {
  const [row] = await q.select({ locked: funnels.locked }).from(funnels).where(eq(funnels.ID, funnelId)).for('share');
  if (row?.locked) throw new ApiError(423, MSG.locked);
}
