/** The bundle budget gate (tests/scripts/bundle-budget.ts) fails on size and on a heavy library out of place. */
import { describe, expect, it } from 'vitest';
import { gateFailures, type RouteFigure } from '../../scripts/bundle-budget.ts';

const fig = (gzipKb: number, heavy: RouteFigure['heavy'], allows: RouteFigure['heavy'] = []): RouteFigure => ({
  spec: { route: '/x', lazy: [], gateKb: 150, targetKb: 150, allows },
  gzipKb,
  brotliKb: gzipKb * 0.9,
  files: [],
  heavy,
});

describe('gateFailures', () => {
  it('passes a route within its budget that loads no heavy library', () => {
    expect(gateFailures([fig(149.9, [])])).toEqual([]);
  });
  it('names a route over its budget with its size', () => {
    expect(gateFailures([fig(150.4, [])])).toEqual(['/x loads 150.4 kB gzip, over its 150 kB budget']);
  });
  it('names a heavy library a route may not load, and lets one it may', () => {
    expect(gateFailures([fig(10, ['lexical', 'CodeMirror'], ['lexical'])])).toEqual(['/x loads CodeMirror, which only the routes that use it may load']);
  });
});
