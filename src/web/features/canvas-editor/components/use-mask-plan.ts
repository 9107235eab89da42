import { useEffect, useState } from 'react';
import type { MaskPlan } from '../mask/areas';
import { createPlanTracer } from '../mask/plan-tracer';
import type { EditorDocument, MaskState } from '../model/document';
import { useViewStore } from '../model/view-store';
import { workerProblem } from './worker-problems';

/**
 * Quiet time before the preview re-traces. The trace runs in a worker, so this only
 * saves starting traces that the next stroke would throw away.
 */
const SETTLE_MS = 120;

/**
 * The plan of what will be sent, traced off the main thread once painting pauses; never
 * while a stroke is being drawn, so a trace cannot compete with the brush.
 */
export function useMaskPlan(doc: EditorDocument | null, painting: boolean) {
  const [plan, setPlan] = useState<{ of: MaskState; plan: MaskPlan } | null>(null);
  // One tracer per editor; it spawns its worker on first use.
  const [tracer] = useState(() =>
    createPlanTracer(undefined, (reason, carriedOn) =>
      useViewStore.getState().problemShown(workerProblem('plan', reason, carriedOn)),
    ),
  );
  const ops = doc?.ops;
  const base = doc?.base ?? null;
  const width = doc?.image.width ?? 1;
  const height = doc?.image.height ?? 1;
  // Closing the editor ends its worker, and any trace still running in it.
  useEffect(() => () => tracer.dispose(), [tracer]);
  useEffect(() => {
    if (painting || !ops) return;
    const t = setTimeout(
      () =>
        tracer.trace({ ops, base, width, height }, (traced) =>
          setPlan({ of: { base, ops }, plan: traced }),
        ),
      SETTLE_MS,
    );
    return () => clearTimeout(t);
  }, [tracer, ops, base, width, height, painting]);
  // A plan of an older mask is stale: the submit button waits for the current one.
  return plan && plan.of.ops === ops && plan.of.base === base ? plan.plan : null;
}
