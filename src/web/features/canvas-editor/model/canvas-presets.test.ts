import { describe, expect, it } from 'vitest';
import { parseSide, presetCanvas } from './canvas-presets';

describe('canvas size', () => {
  it('takes whole pixels from 1 to 4096 and names the field and the range otherwise', () => {
    expect(parseSide('Canvas width', '1')).toBe(1);
    expect(parseSide('Canvas width', '4096')).toBe(4096);
    const error = { error: 'Canvas width must be a whole number of pixels from 1 to 4096.' };
    for (const bad of ['', ' ', '0', '-3', '4097', '12.5', 'abc'])
      expect(parseSide('Canvas width', bad)).toEqual(error);
  });

  it("presets keep the image's longer side, within the limit", () => {
    expect(presetCanvas({ width: 1024, height: 768 }, 16, 9)).toEqual({ width: 1024, height: 576 });
    expect(presetCanvas({ width: 800, height: 1200 }, 9, 16)).toEqual({ width: 675, height: 1200 });
    expect(presetCanvas({ width: 6000, height: 100 }, 1, 1)).toEqual({ width: 4096, height: 4096 });
  });
});
