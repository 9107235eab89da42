import { describe, expect, it } from 'vitest';
import { screenPoint } from '../geometry/points';
import { screenToStage } from '../geometry/transforms';
import { pinchMoved, pinchStarted } from './touch-gesture';

describe('two-finger gesture', () => {
  it('pans by the midpoint and zooms by the spread, keeping the pinched point under the fingers', () => {
    const start = { zoom: 1, panX: 10, panY: 20, dpr: 2 };
    const p = pinchStarted(screenPoint(100, 100), screenPoint(200, 100), start);
    const v = pinchMoved(p, screenPoint(130, 150), screenPoint(330, 150));
    expect(v.zoom).toBeCloseTo(2);
    const before = screenToStage(screenPoint(150, 100), start);
    const after = screenToStage(screenPoint(230, 150), v);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });
});
