import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorker } from './worker';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startWorker', () => {
  it('leaves the page as it is when the browser gives no worker, or refuses one', async () => {
    for (const register of [
      () => Promise.resolve(undefined),
      () => Promise.reject(new DOMException('refused', 'SecurityError')),
    ]) {
      const asked = vi.fn(register);
      vi.stubGlobal('navigator', { serviceWorker: { register: asked, controller: null } });
      await expect(startWorker()).resolves.toBeUndefined();
      expect(asked).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    }
  });
});
