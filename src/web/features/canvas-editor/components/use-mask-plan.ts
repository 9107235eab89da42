import { useEffect, useState } from 'react';
import type { MaskPlan } from '../mask/areas';
import { planMask } from '../mask/areas';
import type { EditorDocument, MaskState } from '../model/document';

/** Quiet time before the preview re-traces: tracing a large mask takes a moment. */
const SETTLE_MS = 250;

/**
 * The plan of what will be sent, re-traced once painting pauses; never while a stroke is
 * being drawn, so tracing cannot make the brush stutter.
 */
export function useMaskPlan(doc: EditorDocument | null, painting: boolean) {
  const [plan, setPlan] = useState<{ of: MaskState; plan: MaskPlan } | null>(null);
  const ops = doc?.ops;
  const base = doc?.base ?? null;
  const width = doc?.image.width ?? 1;
  const height = doc?.image.height ?? 1;
  useEffect(() => {
    if (painting || !ops) return;
    const t = setTimeout(
      () => setPlan({ of: { base, ops }, plan: planMask(ops, width, height, base) }),
      SETTLE_MS,
    );
    return () => clearTimeout(t);
  }, [ops, base, width, height, painting]);
  // A plan of an older mask is stale: the submit button waits for the current one.
  return plan && plan.of.ops === ops && plan.of.base === base ? plan.plan : null;
}
