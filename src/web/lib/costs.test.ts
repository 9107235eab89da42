import { describe, expect, it } from 'vitest';
import {
  costOfCreate,
  diffusionCost,
  estimateCost,
  followUpSpeed,
  formatCostEstimate,
} from './costs';

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

describe('estimateCost', () => {
  it('follows the price table of API-NOTES.md', () => {
    const fast = (operation: Parameters<typeof estimateCost>[0]['operation']) =>
      estimateCost({ operation, speed: 'fast' });
    expect(fast('variation')).toBe(120);
    expect(fast('upscale')).toBe(120);
    expect(estimateCost({ operation: 'upscale', speed: 'fast', upscaleType: 1 })).toBe(160);
    expect(estimateCost({ operation: 'upscale', speed: 'turbo', upscaleType: 1 })).toBe(320);
    for (const op of ['inpaint', 'remix', 'edit', 'retexture', 'upload-paint'] as const) {
      expect(fast(op)).toBe(120);
    }
    for (const op of ['pan', 'outpaint', 'remove-background', 'enhance', 'reroll'] as const) {
      expect(fast(op)).toBe(80);
      expect(estimateCost({ operation: op, speed: 'turbo' })).toBe(160);
    }
    expect(fast('blend')).toBe(80);
    expect(estimateCost({ operation: 'blend', speed: 'turbo' })).toBe(80);
    expect(fast('describe')).toBe(20);
    expect(fast('shorten')).toBe(20);
    expect(estimateCost({ operation: 'video-diffusion', speed: 'fast', videoType: 1 })).toBe(1536);
    expect(estimateCost({ operation: 'extend-video', speed: 'turbo', videoType: 1 })).toBe(3072);
    expect(estimateCost({ operation: 'video-diffusion', speed: 'turbo' })).toBe(960);
    expect(fast('video-upscale')).toBe(480);
    expect(
      estimateCost({ operation: 'enhance-upscale', speed: 'fast', targetResolution: '4K' }),
    ).toBe(160);
    expect(
      estimateCost({ operation: 'enhance-upscale', speed: 'fast', targetResolution: '2K' }),
    ).toBe(120);
  });
});

describe('costOfCreate', () => {
  it('a follow-up inherits the speed of its parent prompt unless it names its own', () => {
    expect(followUpSpeed(undefined, 'a cat --turbo')).toBe('turbo');
    expect(followUpSpeed('a dog --fast', 'a cat --turbo')).toBe('fast');
    expect(
      costOfCreate({ operation: 'upscale', params: { imageNo: 0, type: 1 } }, 'a --turbo'),
    ).toBe(320);
    expect(
      costOfCreate({ operation: 'remix', params: { imageNo: 0, remixPrompt: 'x', mode: 0 } }, 'a'),
    ).toBe(120);
  });

  it('reads draft, resolution and mode from the params', () => {
    expect(costOfCreate({ operation: 'diffusion', params: { text: 'a --v 7 --draft' } })).toBe(40);
    expect(costOfCreate({ operation: 'video-diffusion', params: { videoType: 1 } })).toBe(1536);
    // A variation's `type` is its strength, not an upscale mode.
    expect(costOfCreate({ operation: 'variation', params: { imageNo: 0, type: 1 } })).toBe(120);
  });

  it('is shown as an estimate', () => {
    expect(formatCostEstimate(1536)).toBe('≈ 1,536 credits');
  });
});
