import type { MaskOp } from '../model/document';
import type { MaskPlan } from './areas';
import { planMask } from './areas';
import type { Grid } from './grid';
import type { ShippedMask } from './shipped-mask';
import { createMaskHold, createMaskShipper } from './shipped-mask';

/** What the page asks the plan worker: trace these ops over this base at this size. */
export interface TraceRequest {
  seq: number;
  ops: readonly MaskOp[];
  base: Grid | null;
  width: number;
  height: number;
}

/** A request as it goes to the worker: its mask shipped (shipped-mask.ts). */
export interface WireTraceRequest {
  seq: number;
  mask: ShippedMask;
}

/** For one worker: requests put for the wire, each part of a mask sent once. */
export function traceWire(): (req: TraceRequest) => WireTraceRequest {
  const ship = createMaskShipper();
  return ({ seq, ...mask }) => ({ seq, mask: ship(mask) });
}

/** The worker's side of traceWire: the requests it was sent, in order, answered. */
export function traceReceiver(): (wire: WireTraceRequest) => ReturnType<typeof handleTraceRequest> {
  const unship = createMaskHold();
  return ({ seq, mask }) => handleTraceRequest({ seq, ...unship(mask) });
}

/** The worker's answer, tagged with the request it answers. */
export interface TraceAnswer {
  seq: number;
  plan: MaskPlan;
}

/**
 * The worker's whole job. The image plan's grid is listed for transfer: it can be a
 * full-resolution mask (4 MB at 2048²), and the worker has no further use for it.
 */
export function handleTraceRequest(msg: TraceRequest): {
  answer: TraceAnswer;
  transfer: Transferable[];
} {
  const plan = planMask(msg.ops, msg.width, msg.height, msg.base);
  const transfer = plan.kind === 'image' ? [plan.grid.data.buffer] : [];
  return { answer: { seq: msg.seq, plan }, transfer };
}

/**
 * Which request is the newest and whether one is still being traced. A trace cannot be
 * interrupted inside the worker, so a request made while another runs asks for a restart.
 */
export function createTraceSequence() {
  let latest = 0;
  let running = false;
  return {
    /** Numbers a new request; `restart` says the worker is busy with an older one. */
    request(): { seq: number; restart: boolean } {
      const restart = running;
      running = true;
      return { seq: ++latest, restart };
    },
    /** The plan if this answers the newest request, else null (a stale answer is dropped). */
    answered(answer: TraceAnswer): MaskPlan | null {
      if (answer.seq !== latest) return null;
      running = false;
      return answer.plan;
    },
    /** The worker was stopped: nothing is running any more. */
    stopped(): void {
      running = false;
    },
  };
}
