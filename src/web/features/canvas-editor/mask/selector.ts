import type { SelectAnswer, SelectJob, SelectRequest, WireSelectRequest } from './select-protocol';
import { createSelectHandler, shipRequest } from './select-protocol';
import { createMaskShipper } from './shipped-mask';
import type { TaskWorker, WorkerFailed } from './worker-runner';
import { failureText } from './worker-runner';

/** The part of a Worker the selector uses, so a test can stand in for the real one. */
export type SelectWorker = TaskWorker<WireSelectRequest, SelectAnswer>;

/** Null where there are no workers (Vitest in node): the selector then works inline. */
function spawnSelectWorker(): SelectWorker | null {
  if (typeof Worker === 'undefined') return null;
  // A same-origin module file, as the plan and bake workers, for the CSP.
  return new Worker(new URL('./select-worker.ts', import.meta.url), { type: 'module' });
}

type Done = (answer: SelectAnswer) => void;

/**
 * Runs selections in one lazily spawned worker, which keeps the decoded image between
 * them. Should the worker fail to load or throw, what it held is done inline instead, and
 * so is everything after.
 */
export function createSelector(
  spawn: () => SelectWorker | null = spawnSelectWorker,
  failed: WorkerFailed = () => {},
) {
  let worker: SelectWorker | null = null;
  /** Sends masks to the worker there is now, each part once. */
  let ship = createMaskShipper();
  let broken = false;
  let seq = 0;
  let inline: ReturnType<typeof createSelectHandler> | null = null;
  const waiting = new Map<number, { req: SelectRequest; done: Done }>();

  const runInline = (req: SelectRequest, done: Done) => {
    inline ??= createSelectHandler();
    inline(req).then(
      (r) => done(r.answer),
      (e: unknown) => done({ seq: req.seq, op: null, preview: null, error: failureText(e) }),
    );
  };
  const start = (): SelectWorker | null => {
    const w = broken ? null : spawn();
    if (!w) return null;
    ship = createMaskShipper();
    w.onmessage = (event) => {
      const to = waiting.get(event.data.seq);
      waiting.delete(event.data.seq);
      to?.done(event.data);
    };
    w.onerror = w.onmessageerror = (event: Event) => {
      broken = true;
      failed(failureText(event), true);
      w.terminate();
      worker = null;
      const held = [...waiting.values()];
      waiting.clear();
      for (const { req, done } of held) runInline(req, done);
    };
    return w;
  };

  return {
    /** Does `job`, then calls `done` with its answer (in the order the jobs were sent). */
    send(job: SelectJob, done: Done): void {
      const req: SelectRequest = { ...job, seq: ++seq };
      worker ??= start();
      if (!worker) return runInline(req, done);
      waiting.set(req.seq, { req, done });
      worker.postMessage(shipRequest(req, ship));
    },
    /** Ends the worker and what it was doing; the next job spawns a new one. */
    dispose(): void {
      worker?.terminate();
      worker = null;
      waiting.clear();
    },
  };
}

export type Selector = ReturnType<typeof createSelector>;
