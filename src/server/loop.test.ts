import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop, type Loop, type LoopOptions } from './loop';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (at most 2 s) until `cond` holds. */
const until = (cond: () => boolean) =>
  vi.waitFor(() => expect(cond()).toBe(true), { timeout: 2000, interval: 5 });

let loops: Loop[] = [];
afterEach(async () => {
  await Promise.all(loops.map((l) => l.stop()));
  loops = [];
});

/** A loop whose passes are counted; each returns `waitMs()`. */
function counting(opts: Partial<LoopOptions> & { waitMs?: () => number } = {}) {
  const passes: number[] = [];
  const errors: unknown[] = [];
  const loop = createLoop({
    pass: () => {
      passes.push(Date.now());
      return opts.waitMs?.() ?? 60_000;
    },
    maxWaitMs: 60_000,
    onError: (err) => errors.push(err),
    ...opts,
  });
  loops.push(loop);
  return { loop, passes, errors };
}

describe('createLoop', () => {
  it('runs a pass at start, then after the wait the pass asked for', async () => {
    const { loop, passes } = counting({ waitMs: () => 30 });
    loop.start();
    loop.start(); // a second start runs no second loop
    await until(() => passes.length >= 3);
    await loop.stop();
    const gaps = passes.slice(1).map((t, i) => t - (passes[i] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(25);
  });

  it('waits no longer than maxWaitMs, whatever a pass asks', async () => {
    const { loop, passes } = counting({ waitMs: () => 60_000, maxWaitMs: 20 });
    loop.start();
    await until(() => passes.length >= 3);
  });

  it('cuts a wait short on notify', async () => {
    const { loop, passes } = counting();
    loop.start();
    await until(() => passes.length === 1);
    loop.notify();
    await until(() => passes.length === 2);
  });

  it('goes round again at once when notified during a pass', async () => {
    let release: () => void = () => {};
    const passes: number[] = [];
    const loop = createLoop({
      pass: async () => {
        passes.push(Date.now());
        if (passes.length === 1) await new Promise<void>((r) => (release = r));
        return 60_000;
      },
      maxWaitMs: 60_000,
      onError: () => {},
    });
    loops.push(loop);
    loop.start();
    await until(() => passes.length === 1);
    loop.notify(); // new work arrived while the first pass was busy
    release();
    await until(() => passes.length === 2);
  });

  it('reports a failed pass and carries on after maxWaitMs', async () => {
    let n = 0;
    const { loop, passes, errors } = counting({
      maxWaitMs: 20,
      pass: () => {
        passes.push(Date.now());
        if (++n === 1) throw new Error('disk full');
        return 60_000;
      },
    });
    loop.start();
    await until(() => passes.length >= 2);
    expect(errors).toEqual([new Error('disk full')]);
  });

  it('stops only once the pass under way has ended, and can start again', async () => {
    let ended = false;
    let passes = 0;
    const loop = createLoop({
      pass: async () => {
        passes++;
        ended = false;
        await sleep(50);
        ended = true;
        return 60_000;
      },
      maxWaitMs: 60_000,
      onError: () => {},
    });
    loops.push(loop);
    loop.start();
    await until(() => passes === 1);
    await loop.stop();
    expect(ended).toBe(true);
    await sleep(30);
    expect(passes).toBe(1);
    loop.start();
    await until(() => passes === 2);
  });
});
