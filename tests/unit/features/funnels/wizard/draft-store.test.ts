/**
 * The quick wizard's draft in IndexedDB ("The wizard's state survives a reload"):
 * kept per user with the ids the build created, replaced on every save, forgotten on Done or
 * Discard, and never seen by another user of the same browser.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newDraft } from '../../../../../src/features/funnels/wizard/draft';
import { discardDraft, draftDbName, loadDraft, saveDraft } from '../../../../../src/features/funnels/wizard/draft-store';

describe('quick wizard draft store', () => {
  it('keeps the draft with the created ids per user; discard forgets it', async () => {
    expect(await loadDraft(1)).toBeUndefined();
    const d = { ...newDraft('a'), step: 6, build: { ...newDraft('a').build, funnelId: 9, pages: { p1: 11 } } };
    await saveDraft(1, d);
    expect(await loadDraft(1)).toEqual(d);
    expect(await loadDraft(2)).toBeUndefined();
    await saveDraft(1, { ...d, step: 7 });
    expect((await loadDraft(1))?.step).toBe(7);
    await discardDraft(1);
    expect(await loadDraft(1)).toBeUndefined();
    expect(draftDbName(3)).toBe('funnel-admin-wizard:3');
  });
});
