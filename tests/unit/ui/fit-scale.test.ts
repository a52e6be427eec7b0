import { describe, expect, it } from 'vitest';
import { fitScale } from '../../../src/ui/DevicePreview';

describe('fitScale', () => {
  it('scales a wider page down to the space there is, never up, and fills the height', () => {
    expect(fitScale(1200, 600, 500)).toEqual({ scale: 0.5, frameHeight: 1000 });
    expect(fitScale(375, 600, 500)).toEqual({ scale: 1, frameHeight: 500 });
    expect(fitScale(1200, 0, 0)).toEqual({ scale: 1, frameHeight: undefined });
  });
});
