import { describe, expect, it } from 'vitest';
import { maskSchema } from '@/contract/requests/common';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import { iou, rasterise } from './grid';
import { MAX_POINTS_PER_AREA, planMask, rasteriseAreas } from './areas';

const p = imagePoint;
const dot = (x: number, y: number, size: number): MaskOp => ({
  type: 'stroke',
  tool: 'brush',
  size,
  points: [p(x, y)],
});

const SHAPES: Record<string, MaskOp[]> = {
  disc: [dot(400, 300, 300)],
  ring: [dot(400, 300, 400), { ...dot(400, 300, 200), tool: 'eraser' } as MaskOp],
  'two blobs': [dot(200, 200, 150), dot(600, 420, 220)],
  'long thin stroke': [
    {
      type: 'stroke',
      tool: 'brush',
      size: 6,
      points: Array.from({ length: 200 }, (_, i) => p(20 + i * 3.7, 300 + 120 * Math.sin(i / 15))),
    },
  ],
  'rect with an erased hole': [
    { type: 'shape', kind: 'rect', points: [p(100, 100), p(700, 500)] },
    { type: 'shape', kind: 'rect', points: [p(300, 200), p(450, 380)], erase: true },
    { ...dot(600, 200, 60), tool: 'eraser' } as MaskOp,
  ],
  'inverted lasso': [
    { type: 'shape', kind: 'lasso', points: [p(100, 100), p(500, 150), p(300, 500), p(120, 400)] },
    { type: 'invert' },
  ],
};

describe('mask tracing', () => {
  for (const [name, ops] of Object.entries(SHAPES)) {
    it(`traces ${name} into valid areas within IoU 0.99`, () => {
      const plan = planMask(ops, 800, 600);
      expect(plan.kind).toBe('areas');
      if (plan.kind !== 'areas') return;
      expect(plan.iou).toBeGreaterThanOrEqual(0.99);
      expect(maskSchema.safeParse({ areas: plan.areas }).success).toBe(true);
      expect(plan.areas.length).toBeLessThanOrEqual(64);
      for (const a of plan.areas)
        expect(a.points.length / 2).toBeLessThanOrEqual(MAX_POINTS_PER_AREA);
      const painted = rasterise(ops, 800, 600);
      expect(iou(painted, rasteriseAreas(plan.areas, 800, 600))).toBeGreaterThanOrEqual(0.99);
    });
  }

  it('has nothing to send for an empty mask', () => {
    expect(planMask([], 800, 600).kind).toBe('empty');
  });

  it('scales a tiny image up to the minimum frame', () => {
    const plan = planMask([dot(100, 100, 80)], 200, 200);
    if (plan.kind !== 'areas') throw new Error(plan.kind);
    expect(plan.areas[0]).toMatchObject({ width: 500, height: 500 });
    expect(plan.iou).toBeGreaterThanOrEqual(0.99);
  });

  it('scales a small image up into a valid frame', () => {
    const plan = planMask([dot(150, 150, 100)], 300, 300);
    if (plan.kind !== 'areas') throw new Error(plan.kind);
    // Half-pixel precision: the frame is twice the image, which is also ≥ 500.
    expect(plan.areas[0]).toMatchObject({ width: 600, height: 600 });
    expect(maskSchema.safeParse({ areas: plan.areas }).success).toBe(true);
    const xs = plan.areas[0]?.points.filter((_, i) => i % 2 === 0) ?? [];
    expect(Math.min(...xs)).toBe(200);
    expect(Math.max(...xs)).toBe(400);
  });

  it('scales a large image down into a valid frame', () => {
    const plan = planMask([dot(3000, 1000, 800)], 6000, 2000);
    if (plan.kind !== 'areas') throw new Error(plan.kind);
    expect(plan.areas[0]).toMatchObject({ width: 4096, height: 4000 });
    expect(maskSchema.safeParse({ areas: plan.areas }).success).toBe(true);
    expect(plan.iou).toBeGreaterThanOrEqual(0.99);
  });

  it('falls back to an image when polygons cannot be faithful (scattered specks)', () => {
    const specks = Array.from({ length: 100 }, (_, i) =>
      dot(5 + (i % 10) * 70, 5 + Math.floor(i / 10) * 55, 2),
    );
    expect(planMask(specks, 800, 600).kind).toBe('image');
  });
});
