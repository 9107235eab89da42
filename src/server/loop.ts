/**
 * A background loop as a small object: `start`, `stop` (resolves once the loop has
 * really ended) and `notify` (cuts the current wait short, so new work is seen at once
 * rather than at the next poll). Each pass returns how long to wait before the next.
 * The engine's scheduler and callback dispatcher and the studio's poller run on it.
 */
export interface Loop {
  start(): void;
  stop(): Promise<void>;
  notify(): void;
}

export interface LoopOptions {
  /** One pass; returns the ms to wait before the next pass (capped at `maxWaitMs`). */
  pass: () => number | Promise<number>;
  maxWaitMs: number;
  onError: (err: unknown) => void;
}

export function createLoop(opts: LoopOptions): Loop {
  let running = false;
  let notified = false;
  let wake: (() => void) | null = null;
  let ended: Promise<void> = Promise.resolve();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (running) {
      notified = false;
      let delay = opts.maxWaitMs;
      try {
        delay = Math.min(opts.maxWaitMs, Math.max(0, await opts.pass()));
      } catch (err) {
        opts.onError(err);
      }
      // A notify during the pass means there may be new work: go round again at once.
      if (!running || notified) continue;
      await wait(delay);
      wake = null;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      ended = run();
    },
    async stop() {
      running = false;
      wake?.();
      await ended;
    },
    notify() {
      notified = true;
      wake?.();
    },
  };
}
