import { describe, expect, it } from 'vitest';
import type { Viewport } from './points';
import { devicePoint, imagePoint, screenPoint } from './points';
import {
  deviceToScreen,
  actualSizeViewport,
  fitViewport,
  zoomPercent,
  imageToScreen,
  screenToDevice,
  screenToImage,
  zoomAt,
} from './transforms';

/** mulberry32: a small seeded PRNG, so every run checks the same cases. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZOOMS = [0.1, 0.25, 0.5, 1, 1.5, 2, 3.3, 8];
const DPRS = [1, 1.5, 2];
const image = { width: 1024, height: 768 };

function cases(count: number) {
  const rnd = prng(42);
  return Array.from({ length: count }, (_, i) => {
    const v: Viewport = {
      zoom: ZOOMS[i % ZOOMS.length] ?? 1,
      panX: (rnd() - 0.5) * 4000,
      panY: (rnd() - 0.5) * 4000,
      dpr: DPRS[i % DPRS.length] ?? 1,
    };
    const at = {
      x: (rnd() - 0.5) * 800,
      y: (rnd() - 0.5) * 800,
      width: 200 + rnd() * 2000,
      height: 0,
    };
    at.height = (at.width * image.height) / image.width;
    return { v, at, rnd };
  });
}

describe('geometry round trips', () => {
  it('image → screen → image is the identity at any zoom, pan, placement and dpr', () => {
    for (const { v, at, rnd } of cases(400)) {
      const p = imagePoint(rnd() * image.width, rnd() * image.height);
      const back = screenToImage(imageToScreen(p, v, at, image), v, at, image);
      expect(back.x).toBeCloseTo(p.x, 6);
      expect(back.y).toBeCloseTo(p.y, 6);
    }
  });

  it('device → screen → image → screen → device is the identity', () => {
    for (const { v, at, rnd } of cases(400)) {
      const d = devicePoint(rnd() * 3000, rnd() * 2000);
      const img = screenToImage(deviceToScreen(d, v), v, at, image);
      const back = screenToDevice(imageToScreen(img, v, at, image), v);
      expect(back.x).toBeCloseTo(d.x, 5);
      expect(back.y).toBeCloseTo(d.y, 5);
    }
  });

  it('zooming at the pointer keeps the image point under it', () => {
    for (const { v, at, rnd } of cases(200)) {
      const s = screenPoint(rnd() * 1200, rnd() * 800);
      const before = screenToImage(s, v, at, image);
      const z = zoomAt(v, s, ZOOMS[Math.floor(rnd() * ZOOMS.length)] ?? 2);
      const after = screenToImage(s, z, at, image);
      expect(after.x).toBeCloseTo(before.x, 6);
      expect(after.y).toBeCloseTo(before.y, 6);
    }
  });

  it('maps image pixels through zoom and pan exactly', () => {
    const v = { zoom: 2, panX: -100, panY: 50, dpr: 2 };
    const at = { x: 0, y: 0, ...image };
    expect(screenToImage(screenPoint(300, 250), v, at, image)).toEqual({ x: 200, y: 100 });
  });

  it('fits content inside the view, centred', () => {
    const v = fitViewport({ width: 2000, height: 1000 }, { width: 1048, height: 648 }, 1);
    expect(v.zoom).toBeCloseTo(0.5);
    expect(v.panX).toBeCloseTo(24);
    expect(v.panY).toBeCloseTo(74);
  });

  it.each([1, 1.5, 2, 3])('100%% at dpr %s puts one stage pixel on one device pixel', (dpr) => {
    const content = { width: 1000, height: 800 };
    const view = { width: 1200, height: 700 };
    const v = actualSizeViewport(content, view, dpr);
    // Two stage pixels side by side are one device pixel apart on screen.
    const at = { x: 0, y: 0, ...content };
    const a = imageToScreen(imagePoint(10, 10), v, at, content);
    const b = imageToScreen(imagePoint(11, 10), v, at, content);
    expect((b.x - a.x) * dpr).toBeCloseTo(1, 10);
    expect(zoomPercent(v)).toBe(100);
    // Centred: the content's middle is the view's middle.
    const mid = imageToScreen(imagePoint(500, 400), v, at, content);
    expect(mid.x).toBeCloseTo(600, 10);
    expect(mid.y).toBeCloseTo(350, 10);
  });
});
