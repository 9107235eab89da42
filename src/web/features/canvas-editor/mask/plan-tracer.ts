import type { MaskPlan } from './areas';
import type { TraceAnswer, TraceRequest, WireTraceRequest } from './plan-protocol';
import { createTraceSequence, handleTraceRequest, traceWire } from './plan-protocol';
import type { MaskInput } from './shipped-mask';
import type { TaskWorker, WorkerFailed } from './worker-runner';
import { createWorkerRunner } from './worker-runner';

/** The mask to trace: the document's ops over its base, at image resolution. */
export type TraceInput = MaskInput;

/** The part of a Worker the tracer uses, so a test can stand in for the real one. */
export type PlanWorker = TaskWorker<WireTraceRequest, TraceAnswer>;

/** Null where there are no workers (Vitest in node): the tracer then traces inline. */
function spawnPlanWorker(): PlanWorker | null {
  if (typeof Worker === 'undefined') return null;
  // A same-origin module file that Vite bundles as its own asset: the CSP's
  // `default-src 'self'` allows it, where a blob: worker would need the policy loosened.
  return new Worker(new URL('./plan-worker.ts', import.meta.url), { type: 'module' });
}

const sameInput = (a: TraceInput, b: TraceInput): boolean =>
  a.ops === b.ops && a.base === b.base && a.width === b.width && a.height === b.height;

interface Pending {
  seq: number;
  input: TraceInput;
  done: (plan: MaskPlan) => void;
}

/**
 * Traces masks in one lazily created worker and reports only the newest request's plan.
 * A trace cannot be interrupted, so a newer request terminates a busy worker and starts
 * a fresh one rather than queueing behind a mask nobody will see.
 */
export function createPlanTracer(
  spawn: () => PlanWorker | null = spawnPlanWorker,
  failed: WorkerFailed = () => {},
) {
  const sequence = createTraceSequence();
  let pending: Pending | null = null;
  const runner = createWorkerRunner(
    spawn,
    (req: TraceRequest) => handleTraceRequest(req).answer,
    (answer) => {
      const plan = sequence.answered(answer);
      const to = pending;
      if (!plan || to?.seq !== answer.seq) return;
      pending = null;
      to.done(plan);
    },
    failed,
    traceWire,
  );

  return {
    /** Traces `input` and calls `done` with its plan, unless a newer trace is asked first. */
    trace(input: TraceInput, done: (plan: MaskPlan) => void): void {
      if (pending && sameInput(pending.input, input)) {
        pending.done = done; // the very mask is being traced: let that trace finish
        return;
      }
      const { seq, restart } = sequence.request();
      if (restart) runner.stop();
      pending = { seq, input, done };
      runner.run({ seq, ...input });
    },
    /** Stops any trace; the tracer stays usable and spawns a new worker when asked. */
    dispose(): void {
      runner.stop();
      sequence.stopped();
      pending = null;
    },
  };
}
