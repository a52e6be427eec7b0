import { describe, expect, it } from 'vitest';
import { acceptsProposal, MAX_PROPOSED_TEXT, parseFrameMessage, PROTO } from '../../../../src/features/template-editor/protocol.ts';

describe('template editor frame protocol', () => {
  it('accepts the frame messages it defines', () => {
    expect(parseFrameMessage({ proto: PROTO, type: 'ready' })).toEqual({ proto: PROTO, type: 'ready' });
    const propose = { proto: PROTO, type: 'propose', seq: 3, path: 'products.0.product_data_name', value: 'Glow' };
    expect(parseFrameMessage(propose)).toEqual(propose);
    expect(parseFrameMessage({ proto: PROTO, type: 'hotkey', action: 'undo' })?.type).toBe('hotkey');
  });

  it('drops what a hostile or foreign frame could send', () => {
    for (const bad of [
      null,
      'ready',
      { type: 'ready' },
      { proto: 'other/1', type: 'ready' },
      { proto: PROTO, type: 'eval', code: 'alert(1)' },
      { proto: PROTO, type: 'propose', seq: 1, path: '__proto__.polluted', value: 'x' },
      { proto: PROTO, type: 'propose', seq: 1, path: 'a/../b', value: 'x' },
      { proto: PROTO, type: 'propose', seq: 1, path: 'headline', value: 'x'.repeat(MAX_PROPOSED_TEXT + 1) },
      { proto: PROTO, type: 'propose', seq: -1, path: 'headline', value: 'x' },
      { proto: PROTO, type: 'hotkey', action: 'publish' },
    ])
      expect(parseFrameMessage(bad), JSON.stringify(bad)?.slice(0, 80)).toBeNull();
  });

  it('a proposal is accepted only for a path offered as text, never an inherited key', () => {
    const fields = { headline: 'text', 'reviews.0.review': 'html', heroImage: 'image', products: 'block' } as const;
    expect(acceptsProposal(fields, 'headline')).toBe(true);
    expect(acceptsProposal(fields, 'reviews.0.review')).toBe(true);
    expect(acceptsProposal(fields, 'heroImage')).toBe(false);
    expect(acceptsProposal(fields, 'products')).toBe(false);
    expect(acceptsProposal(fields, 'subheadline')).toBe(false);
    expect(acceptsProposal(fields, 'constructor')).toBe(false);
  });
});
