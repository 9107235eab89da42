import { describe, expect, it } from 'vitest';
import { parseSide, presetLayout } from './canvas-presets';

describe('canvas size', () => {
  it('takes whole pixels from 1 to 4096 and names the field and the range otherwise', () => {
    expect(parseSide('Canvas width', '1')).toBe(1);
    expect(parseSide('Canvas width', '4096')).toBe(4096);
    const error = { error: 'Canvas width must be a whole number of pixels from 1 to 4096.' };
    for (const bad of ['', ' ', '0', '-3', '4097', '12.5', 'abc'])
      expect(parseSide('Canvas width', bad)).toEqual(error);
  });

  const at = (width: number, height: number) => ({ imgPos: { x: 0, y: 0, width, height } });

  it('presets extend the canvas around the whole image, centred, never cropping it', () => {
    expect(presetLayout(at(1024, 768), 16, 9)).toEqual({
      canvas: { width: 1365, height: 768 },
      imgPos: { x: 171, y: 0, width: 1024, height: 768 },
    });
    expect(presetLayout(at(800, 1200), 9, 16)).toEqual({
      canvas: { width: 800, height: 1422 },
      imgPos: { x: 0, y: 111, width: 800, height: 1200 },
    });
    expect(presetLayout(at(1024, 1024), 1, 1).canvas).toEqual({ width: 1024, height: 1024 });
  });

  it('scales canvas and image down together only past the 4096 limit', () => {
    const { canvas, imgPos } = presetLayout(at(4000, 1000), 9, 16);
    expect(canvas).toEqual({ width: 2304, height: 4096 });
    expect(imgPos).toEqual({ x: 0, y: 1760, width: 2304, height: 576 });
  });
});
