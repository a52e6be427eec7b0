/**
 * Where the flow diagram puts the selected page's actions: always inside the
 * canvas — above the page when there is room, else below it, centred on it and clamped sideways.
 */
import { describe, expect, it } from 'vitest';
import { TOOLBAR_EDGE, TOOLBAR_GAP, toolbarPlacement } from '../../../../src/features/funnels/components/flow-layout.ts';

const canvas = { width: 780, height: 560 };
const size = { width: 560, height: 70 };
const inside = (at: { x: number; y: number }) => {
  expect(at.x).toBeGreaterThanOrEqual(TOOLBAR_EDGE);
  expect(at.y).toBeGreaterThanOrEqual(TOOLBAR_EDGE);
  expect(at.x + size.width).toBeLessThanOrEqual(canvas.width - TOOLBAR_EDGE);
  expect(at.y + size.height).toBeLessThanOrEqual(canvas.height - TOOLBAR_EDGE);
};

describe('toolbarPlacement', () => {
  it('above a page with room above it, centred on it', () => {
    const at = toolbarPlacement({ x: 300, y: 300, width: 150, height: 50 }, size, canvas);
    expect(at).toEqual({ x: 300 + 75 - 280, y: 300 - TOOLBAR_GAP - 70, side: 'top' });
  });

  it('below the index page at the top edge (it was cut off above the canvas)', () => {
    const at = toolbarPlacement({ x: 320, y: 40, width: 150, height: 50 }, size, canvas);
    expect(at).toMatchObject({ y: 40 + 50 + TOOLBAR_GAP, side: 'bottom' });
    inside(at);
  });

  it('clamped sideways near the left and right edges', () => {
    inside(toolbarPlacement({ x: 0, y: 300, width: 150, height: 50 }, size, canvas));
    inside(toolbarPlacement({ x: 700, y: 300, width: 150, height: 50 }, size, canvas));
  });

  it('a page panned out of view: the toolbar stays on the canvas', () => {
    inside(toolbarPlacement({ x: -900, y: -400, width: 150, height: 50 }, size, canvas));
    inside(toolbarPlacement({ x: 2000, y: 1500, width: 150, height: 50 }, size, canvas));
  });

  it('a page filling the canvas: on the side with more room, within the canvas', () => {
    const at = toolbarPlacement({ x: 10, y: 60, width: 700, height: 480 }, size, canvas);
    inside(at);
    expect(at.side).toBe('top');
  });
});
