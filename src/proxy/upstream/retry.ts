import { backoffMs } from '@/server/backoff';

/** Resolves after `ms`, or rejects early when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface RetryOptions {
  attempts: number;
  baseMs: number;
  retryable: (err: unknown) => boolean;
  signal?: AbortSignal;
}

/**
 * Runs `fn` again after a growing pause while the failure is retryable. Only idempotent
 * reads come through here; a create is never repeated, or a double charge could follow.
 */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= opts.attempts || !opts.retryable(err) || opts.signal?.aborted) throw err;
      const jitter = 0.75 + Math.random() * 0.5;
      await sleep(backoffMs(attempt, { firstMs: opts.baseMs }) * jitter, opts.signal);
    }
  }
}
