import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

describe("the browser's zod settings", () => {
  it('are read by zod: no eval probe, and English messages', async () => {
    await import('./zod-config');
    expect(z.config().jitless).toBe(true);
    await expect
      .poll(() => z.safeParse(z.string(), 5).error?.issues[0]?.message)
      .toBe('Invalid input: expected string, received number');
  });
});
