import { useEffect, useState } from 'react';
import type { MaskPlan } from '../mask/areas';
import { planMask } from '../mask/areas';
import type { MaskOp } from '../model/document';

/** Quiet time before the preview re-traces: tracing a large mask takes a moment. */
const SETTLE_MS = 250;

/**
 * The plan of what will be sent, re-traced once painting pauses; never while a stroke is
 * being drawn, so tracing cannot make the brush stutter.
 */
export function useMaskPlan(
  ops: readonly MaskOp[],
  width: number,
  height: number,
  painting: boolean,
) {
  const [plan, setPlan] = useState<{ ops: readonly MaskOp[]; plan: MaskPlan } | null>(null);
  useEffect(() => {
    if (painting) return;
    const t = setTimeout(() => setPlan({ ops, plan: planMask(ops, width, height) }), SETTLE_MS);
    return () => clearTimeout(t);
  }, [ops, width, height, painting]);
  // A plan of older ops is stale: the submit button waits for the current one.
  return plan && plan.ops === ops ? plan.plan : null;
}
