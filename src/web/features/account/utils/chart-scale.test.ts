import { describe, expect, it } from 'vitest';
import { labelStep, niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it('ends at a round value at or above the largest bar', () => {
    expect(niceTicks(1536)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(80)).toEqual([0, 20, 40, 60, 80]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('labelStep', () => {
  it('shows at most 12 day labels', () => {
    expect(labelStep(7)).toBe(1);
    expect(labelStep(30)).toBe(3);
    expect(labelStep(90)).toBe(8);
  });
});
