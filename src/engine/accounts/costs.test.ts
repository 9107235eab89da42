import { describe, expect, it } from 'vitest';
import { costOf } from './costs';

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
});
