import { describe, expect, it } from 'vitest';
import { Reachability, assessReachability, isLoopbackHost } from './reachability';

describe('reachability of PUBLIC_URL', () => {
  it('knows loopback names', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'studio.localhost']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ['10.0.0.2', 'example.com', '128.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('turns callbacks and uploads off for a loopback PUBLIC_URL and a remote upstream', async () => {
    const found = await assessReachability({
      publicUrl: 'http://127.0.0.1:8080',
      upstreamUrl: 'https://api.example.com',
      instance: 'x',
      callbacks: 'auto',
    });
    expect(found.mode).toBe('off');
    expect(found.reason).toMatch(/loopback address, but the image service at api\.example\.com/);
    expect(found.uploadsBlocked).toBe(found.reason);
  });

  it('STUDIO_CALLBACKS=off turns callbacks off but not uploads', async () => {
    const found = await assessReachability({
      publicUrl: 'https://studio.example.com',
      upstreamUrl: 'https://api.example.com',
      instance: 'x',
      callbacks: 'off',
    });
    expect(found).toMatchObject({ mode: 'off', uploadsBlocked: null });
  });

  it('trusts callbacks once verified, stops after a miss, and again after one arrives', () => {
    const changes: string[] = [];
    const reach = new Reachability(() => changes.push(reach.status().mode));
    expect(reach.trusted).toBe(false);
    reach.settle({ mode: 'on', reason: null, uploadsBlocked: null });
    expect(reach.trusted).toBe(true);
    reach.hookMissed();
    expect(reach.status()).toMatchObject({ mode: 'polling', reason: /without its callback/ });
    reach.hookReceived();
    expect(reach.status()).toEqual({ mode: 'callbacks', reason: null });
    expect(changes).toEqual(['callbacks', 'polling', 'callbacks']);
  });
});
