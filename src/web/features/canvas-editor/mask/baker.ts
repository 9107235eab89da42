import type { BakeAnswer, BakeRequest } from './bake-protocol';
import { handleBakeRequest } from './bake-protocol';
import type { Grid } from './grid';
import type { TaskWorker, WorkerFailed } from './worker-runner';
import { createWorkerRunner } from './worker-runner';

/** What to flatten: the oldest ops over the current base, at image resolution. */
export type BakeInput = Omit<BakeRequest, 'seq'>;

/** The part of a Worker the baker uses, so a test can stand in for the real one. */
export type BakeWorker = TaskWorker<BakeRequest, BakeAnswer>;

/** Null where there are no workers (Vitest in node): the baker then flattens inline. */
function spawnBakeWorker(): BakeWorker | null {
  if (typeof Worker === 'undefined') return null;
  // A same-origin module file, as the plan worker (see plan-tracer.ts), for the CSP.
  return new Worker(new URL('./bake-worker.ts', import.meta.url), { type: 'module' });
}

interface Pending {
  seq: number;
  done: (base: Grid) => void;
}

/**
 * Flattens in one lazily created worker, one request at a time: a request made while one
 * runs is refused (the caller asks again with the document it then has), and a flattening
 * is never thrown away half done, since its result stays right for the ops it was given.
 */
export function createMaskBaker(
  spawn: () => BakeWorker | null = spawnBakeWorker,
  failed: WorkerFailed = () => {},
) {
  let pending: Pending | null = null;
  let seq = 0;
  const runner = createWorkerRunner(
    spawn,
    (req: BakeRequest) => handleBakeRequest(req).answer,
    (answer) => {
      const to = pending;
      if (to?.seq !== answer.seq) return;
      pending = null;
      to.done(answer.base);
    },
    failed,
    // A bake's ops go once, and are not sent again.
    () => (req) => req,
  );

  return {
    /** Flattens `input` and calls `done` with the new base; false while another runs. */
    bake(input: BakeInput, done: (base: Grid) => void): boolean {
      if (pending) return false;
      pending = { seq: ++seq, done };
      runner.run({ seq, ...input });
      return true;
    },
    /** Stops any flattening; the baker stays usable and spawns a new worker when asked. */
    dispose(): void {
      runner.stop();
      pending = null;
    },
  };
}
