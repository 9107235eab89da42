import { describe, expect, it } from 'vitest';
import { costOfCreate, diffusionCost, formatCostEstimate } from './costs';

const parentId = 'parent-0001';

describe('diffusionCost', () => {
  it('80 fast, 160 turbo, half for a v7 draft batch', () => {
    expect(diffusionCost('a cat')).toBe(80);
    expect(diffusionCost('a cat --fast')).toBe(80);
    expect(diffusionCost('a cat --turbo')).toBe(160);
    expect(diffusionCost('a cat --v 7 --draft')).toBe(40);
    expect(diffusionCost('a cat --v 7 --draft --turbo')).toBe(80);
  });

  it('a draft without --v 7 is no draft: full price', () => {
    expect(diffusionCost('a cat --draft')).toBe(80);
  });
});

describe('costOfCreate', () => {
  it('a follow-up inherits the speed of its parent prompt unless it names its own', () => {
    expect(
      costOfCreate(
        { operation: 'pan', parentId, params: { imageNo: 0, direction: 3, scale: 2 } },
        'a cat --turbo',
      ),
    ).toBe(160);
    const own = { imageNo: 0, direction: 3, scale: 2, remixPrompt: 'a dog --fast' } as const;
    expect(costOfCreate({ operation: 'pan', parentId, params: own }, 'a cat --turbo')).toBe(80);
    expect(
      costOfCreate(
        { operation: 'upscale', parentId, params: { imageNo: 0, type: 1 } },
        'a --turbo',
      ),
    ).toBe(320);
    expect(
      costOfCreate(
        { operation: 'remix', parentId, params: { imageNo: 0, remixPrompt: 'x', mode: 0 } },
        'a',
      ),
    ).toBe(120);
  });

  it('reads draft, resolution and mode from the params', () => {
    expect(costOfCreate({ operation: 'diffusion', params: { text: 'a --v 7 --draft' } })).toBe(40);
    expect(costOfCreate({ operation: 'video-diffusion', parentId, params: { videoType: 1 } })).toBe(
      1536,
    );
    // A variation's `type` is its strength, not an upscale mode.
    expect(
      costOfCreate({ operation: 'variation', parentId, params: { imageNo: 0, type: 1 } }),
    ).toBe(120);
  });

  it('is shown as an estimate', () => {
    expect(formatCostEstimate(1536)).toBe('≈ 1,536 credits');
  });
});
