/**
 * Published pages stay accessible with tracking pixels (Lighthouse: accessibility 100
 * on every page type): a beacon `<img>` in a pixel's code gets `alt=""`; nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { serverDom } from '../../../src/server/dom.ts';
import { decorativeBeacons } from '../../../src/server/publish/pipeline.ts';

describe('decorativeBeacons', () => {
  it('marks a beacon image without alt as decorative', async () => {
    const { document } = await serverDom();
    const out = decorativeBeacons("<img src='https://track.example.com/conv?oid=512' width='1' height='1'>", document);
    expect(out).toBe('<img src="https://track.example.com/conv?oid=512" width="1" height="1" alt="">');
  });

  it('keeps an alt the operator wrote, scripts as they are, and code without images untouched', async () => {
    const { document } = await serverDom();
    const withAlt = '<img src="https://t.example/p.gif" alt="Pixel">';
    expect(decorativeBeacons(withAlt, document)).toBe(withAlt);
    const script = '<script>fbq("track", "Purchase", {value: 1 < 2});</script>';
    expect(decorativeBeacons(script, document)).toBe(script);
    const both = '<script>window.x = "<img>";</script><noscript><img src="https://t.example/p.gif"></noscript>';
    const out = decorativeBeacons(both, document);
    expect(out).toContain('<script>window.x = "<img>";</script>');
    expect(out).toContain('<noscript>');
  });
});
