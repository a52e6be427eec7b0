/**
 * No error message reveals a server file path: what a publish stream or an API
 * answer shows of an exception keeps its words and line/column but not where files live.
 */
import { describe, expect, it } from 'vitest';
import { publicMessage } from '../../../src/server/http.ts';

describe('publicMessage', () => {
  it.each([
    ["ENOENT: no such file or directory, open '/work/main/data/sites/glow/releases/17/index.html'", "ENOENT: no such file or directory, open 'index.html'"],
    ['unexpected token, file:/srv/app/src/server/publish/templates/checkout.liquid, line:3, col:5', 'unexpected token, file:checkout.liquid, line:3, col:5'],
    ['C:\\app\\templates\\upsell.liquid failed', 'upsell.liquid failed'],
    ['first line\n    at render (/srv/app/node_modules/liquidjs/dist/liquid.node.js:12:3)', 'first line'],
    ['Offer 12/2025 sale has no campaigns', 'Offer 12/2025 sale has no campaigns'],
  ])('%s → %s', (message, shown) => {
    expect(publicMessage(new Error(message))).toBe(shown);
  });
});
