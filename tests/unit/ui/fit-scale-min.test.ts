/** The published page's smallest scale: a desktop page in a narrow column is held at it and scrolls sideways. */
import { describe, expect, it } from 'vitest';
import { fitScale } from '../../../src/ui/DevicePreview';

describe('fitScale with a smallest scale', () => {
  it('holds a 1200 px page at 0.5 in the 268 px column of a 1024 px window (it was 0.22)', () => {
    expect(fitScale(1200, 268, 460).scale).toBeCloseTo(0.223, 3);
    expect(fitScale(1200, 268, 460, 0.5)).toEqual({ scale: 0.5, frameHeight: 920 });
  });

  it('fits as before when there is room, never above 1', () => {
    expect(fitScale(1200, 684, 500, 0.5)).toEqual({ scale: 0.57, frameHeight: 500 / 0.57 });
    expect(fitScale(375, 600, 500, 0.5)).toEqual({ scale: 1, frameHeight: 500 });
  });
});
