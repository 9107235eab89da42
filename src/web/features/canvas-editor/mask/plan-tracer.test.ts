import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import type { MaskPlan } from './areas';
import { planMask } from './areas';
import type { TraceAnswer, WireTraceRequest } from './plan-protocol';
import { traceReceiver } from './plan-protocol';
import type { PlanWorker, TraceInput } from './plan-tracer';
import { createPlanTracer } from './plan-tracer';

const dot = (x: number, y: number, size: number): MaskOp => ({
  type: 'stroke',
  tool: 'brush',
  size,
  points: [imagePoint(x, y)],
});
const input = (ops: MaskOp[]): TraceInput => ({ ops, base: null, width: 400, height: 300 });

/** A worker that traces only when the test says so, as a slow real one would. */
class FakeWorker implements PlanWorker {
  onmessage: PlanWorker['onmessage'] = null;
  onerror: PlanWorker['onerror'] = null;
  inbox: WireTraceRequest[] = [];
  terminated = false;
  /** What the real worker does with what it is sent (plan-worker.ts). */
  private readonly trace = traceReceiver();
  postMessage(message: WireTraceRequest) {
    this.inbox.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** Finishes the oldest trace and posts its answer back. */
  finish() {
    const req = this.inbox.shift();
    if (!req) throw new Error('nothing to trace');
    const { answer } = this.trace(req);
    this.onmessage?.({ data: answer } as MessageEvent<TraceAnswer>);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const plans: MaskPlan[] = [];
  const tracer = createPlanTracer(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  });
  const trace = (i: TraceInput) => tracer.trace(i, (p) => plans.push(p));
  return { workers, plans, tracer, trace };
}

describe('plan tracer', () => {
  it('creates its worker lazily and keeps it between traces', () => {
    const { workers, plans, trace } = setup();
    expect(workers).toHaveLength(0);
    const a = input([dot(100, 100, 80)]);
    trace(a);
    workers[0]?.finish();
    trace(input([dot(200, 100, 80)]));
    workers[0]?.finish();
    expect(workers).toHaveLength(1);
    expect(plans[0]).toEqual(planMask(a.ops, 400, 300));
    expect(plans).toHaveLength(2);
  });

  it('restarts a busy worker for a newer mask and reports only the newest plan', () => {
    const { workers, plans, trace } = setup();
    const old = input([dot(100, 100, 80)]);
    const now = input([dot(300, 200, 50)]);
    trace(old);
    trace(now);
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
    expect(workers[1]?.terminated).toBe(false);
    workers[0]?.finish(); // a late answer from the replaced worker
    expect(plans).toHaveLength(0);
    workers[1]?.finish();
    expect(plans).toEqual([planMask(now.ops, 400, 300)]);
  });

  it('lets a trace of the very same mask finish instead of restarting it', () => {
    const { workers, plans, trace } = setup();
    const same = input([dot(100, 100, 80)]);
    trace(same);
    trace({ ...same });
    expect(workers).toHaveLength(1);
    workers[0]?.finish();
    expect(plans).toHaveLength(1);
  });

  it('terminates its worker when disposed and spawns a new one if used again', () => {
    const { workers, plans, tracer, trace } = setup();
    trace(input([dot(100, 100, 80)]));
    tracer.dispose();
    expect(workers[0]?.terminated).toBe(true);
    trace(input([dot(100, 100, 80)]));
    expect(workers).toHaveLength(2);
    workers[1]?.finish();
    expect(plans).toHaveLength(1);
  });

  it('traces inline where there are no workers, or when the worker fails', () => {
    const plans: MaskPlan[] = [];
    const a = input([dot(100, 100, 80)]);
    createPlanTracer(() => null).trace(a, (p) => plans.push(p));
    expect(plans).toEqual([planMask(a.ops, 400, 300)]);

    const { workers, plans: after, trace } = setup();
    trace(a);
    workers[0]?.onerror?.({} as ErrorEvent);
    expect(after).toEqual([planMask(a.ops, 400, 300)]);
    trace(input([dot(200, 100, 80)]));
    expect(workers).toHaveLength(1);
    expect(after).toHaveLength(2);
  });
});
