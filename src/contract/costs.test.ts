import { describe, expect, it } from 'vitest';
import type { OperationName } from './operations';
import { costOf, followUpSpeed } from './costs';
import { parsePrompt } from './prompt-flags';

describe('costOf', () => {
  it('prices by operation and speed as the hosted service does', () => {
    expect(costOf({ operation: 'diffusion', speed: 'fast' })).toBe(80);
    expect(costOf({ operation: 'diffusion', speed: 'turbo' })).toBe(160);
    expect(costOf({ operation: 'diffusion', speed: 'fast', draft: true })).toBe(40);
    expect(costOf({ operation: 'diffusion', speed: 'turbo', draft: true })).toBe(80);
    expect(costOf({ operation: 'upscale', speed: 'fast', upscaleType: 0 })).toBe(120);
    expect(costOf({ operation: 'upscale', speed: 'turbo', upscaleType: 1 })).toBe(320);
    expect(costOf({ operation: 'pan', speed: 'turbo' })).toBe(160);
    expect(costOf({ operation: 'describe', speed: 'turbo' })).toBe(20);
    expect(costOf({ operation: 'blend', speed: 'turbo' })).toBe(80);
    expect(costOf({ operation: 'video-diffusion', speed: 'fast', videoType: 1 })).toBe(1536);
    expect(costOf({ operation: 'extend-video', speed: 'turbo', videoType: 0 })).toBe(960);
    expect(costOf({ operation: 'video-upscale', speed: 'turbo' })).toBe(960);
    expect(costOf({ operation: 'enhance-upscale', speed: 'fast', targetResolution: 'FHD' })).toBe(
      120,
    );
    expect(costOf({ operation: 'enhance-upscale', speed: 'fast', targetResolution: '8K' })).toBe(
      160,
    );
  });

  it('follows the price table of docs/service-interface.md#costs', () => {
    const fast = (operation: OperationName) => costOf({ operation, speed: 'fast' });
    expect(fast('variation')).toBe(120);
    expect(fast('upscale')).toBe(120);
    expect(costOf({ operation: 'upscale', speed: 'fast', upscaleType: 1 })).toBe(160);
    expect(costOf({ operation: 'upscale', speed: 'turbo', upscaleType: 1 })).toBe(320);
    for (const op of ['inpaint', 'remix', 'edit', 'retexture', 'upload-paint'] as const) {
      expect(fast(op)).toBe(120);
    }
    for (const op of ['pan', 'outpaint', 'remove-background', 'enhance', 'reroll'] as const) {
      expect(fast(op)).toBe(80);
      expect(costOf({ operation: op, speed: 'turbo' })).toBe(160);
    }
    expect(fast('blend')).toBe(80);
    expect(costOf({ operation: 'blend', speed: 'turbo' })).toBe(80);
    expect(fast('describe')).toBe(20);
    expect(fast('shorten')).toBe(20);
    expect(costOf({ operation: 'video-diffusion', speed: 'fast', videoType: 1 })).toBe(1536);
    expect(costOf({ operation: 'extend-video', speed: 'turbo', videoType: 1 })).toBe(3072);
    expect(costOf({ operation: 'video-diffusion', speed: 'turbo' })).toBe(960);
    expect(fast('video-upscale')).toBe(480);
    expect(costOf({ operation: 'enhance-upscale', speed: 'fast', targetResolution: '4K' })).toBe(
      160,
    );
    expect(costOf({ operation: 'enhance-upscale', speed: 'fast', targetResolution: '2K' })).toBe(
      120,
    );
  });
});

describe('followUpSpeed', () => {
  it("a follow-up runs at its own --fast/--turbo, else at its parent prompt's speed", () => {
    expect(followUpSpeed(null, 'a cat --turbo')).toBe('turbo');
    expect(followUpSpeed(parsePrompt('a dog'), 'a cat --turbo')).toBe('turbo');
    expect(followUpSpeed(parsePrompt('a dog --fast'), 'a cat --turbo')).toBe('fast');
    expect(followUpSpeed(parsePrompt('a dog --turbo'), 'a cat')).toBe('turbo');
  });
});
