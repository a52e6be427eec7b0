/**
 * A funnel's lock and archive flags (001 §2 funnel menu "Lock", "Archive"): what the one-funnel
 * routes (`PUT /api/v1/funnels/{id}/lock`, `…/archive`) and the list's bulk change both write,
 * so a flag set either way is the same row, version and audit note.
 */
import { eq } from 'drizzle-orm';
import { MSG, type Funnel } from '../../model/index.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { auditLogs, funnels } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { toFunnel } from '../repo.ts';

/** The flags, with the audit titles of setting (true) and clearing (false) each. */
const TITLES = {
  locked: { true: 'Funnel locked', false: 'Funnel unlocked' },
  archived: { true: 'Funnel archived', false: 'Funnel restored' },
} as const;

/**
 * Sets `field` of funnel `f` (read FOR UPDATE in `tx`) to `value`: version + 1 and an audit note
 * on the funnel titled "Funnel locked" / "unlocked" / "archived" / "restored" (`message` beside it).
 * The same value again changes and logs nothing.
 * @returns the funnel as stored afterwards.
 * @throws ApiError 423 (MSG.locked) when archiving or restoring a locked funnel.
 */
export async function setFunnelFlag(
  tx: Tx,
  f: Funnel,
  field: 'locked' | 'archived',
  value: boolean,
  by: { userId: number; message?: string },
): Promise<Funnel> {
  if (f[field] === value) return f;
  if (field === 'archived' && f.locked) throw new ApiError(423, MSG.locked);
  const row = oneRow(
    await tx
      .update(funnels)
      .set({ [field]: value, version: f.version + 1, UpdatedAt: new Date() })
      .where(eq(funnels.ID, f.ID))
      .returning(),
    'funnels: row',
  );
  await tx
    .insert(auditLogs)
    .values({ type: 'note', funnel_id: f.ID, title: TITLES[field][`${value}`], message: by.message ?? '', user_id: by.userId, system: true });
  return toFunnel(row);
}
