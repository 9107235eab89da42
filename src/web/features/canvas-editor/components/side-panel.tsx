import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { costOfPrompt, formatCostEstimate } from '@/web/lib/costs';
import type { MaskPlan } from '../mask/areas';
import type { EditorDocument } from '../model/document';
import { CanvasSize } from './canvas-size';

interface SidePanelProps {
  doc: EditorDocument;
  plan: MaskPlan | null;
  submitLabel: string;
  /** The prompt a follow-up inherits ('' for an upload), for the cost estimate. */
  parentPrompt: string;
  pending: boolean;
  error: string | null;
  onSubmit: (remixPrompt: string) => void;
}

function planText(plan: MaskPlan | null): string {
  if (!plan) return 'Tracing the mask…';
  if (plan.kind === 'empty') return 'Nothing painted yet.';
  const pct = `${(plan.coverage * 100).toFixed(1)}% of the image`;
  if (plan.kind === 'image')
    return `${pct}, sent as a mask image (polygons would match only ${(plan.iou * 100).toFixed(1)}%).`;
  const points = plan.areas.reduce((n, a) => n + a.points.length / 2, 0);
  return `${pct} in ${plan.areas.length} polygon${plan.areas.length === 1 ? '' : 's'} (${points} points, match ${(plan.iou * 100).toFixed(1)}%).`;
}

/** Why submit is not possible yet, or null. */
function blocker(doc: EditorDocument, plan: MaskPlan | null, prompt: string): string | null {
  if (prompt.trim() === '') return 'Write a prompt for the repaint.';
  if (!plan) return 'Tracing the mask…';
  if (plan.kind !== 'empty') return null;
  // Edit may repaint only the new canvas; the others need a mask (upload-paint's contract).
  if (doc.mode === 'inpaint') return 'Paint the region to vary.';
  if (doc.mode === 'upload-paint') return 'Paint the region to repaint.';
  return null;
}

/** Shows exactly what will be sent, takes the remix prompt and submits. */
export function SidePanel(props: SidePanelProps) {
  const { doc, plan, submitLabel, parentPrompt, pending, error, onSubmit } = props;
  const [prompt, setPrompt] = useState('');
  const why = blocker(doc, plan, prompt);
  const cost = costOfPrompt(doc.mode, prompt, parentPrompt);
  const edit = doc.mode !== 'inpaint';
  return (
    <aside
      aria-label="Request preview"
      className="flex w-80 shrink-0 flex-col gap-4 overflow-y-auto border-l border-zinc-800 p-4 text-sm text-zinc-300"
    >
      <section aria-label="Mask">
        <h3 className="text-xs font-medium text-zinc-400">Mask to send</h3>
        <p data-testid="mask-summary">{planText(plan)}</p>
      </section>
      {edit ? <CanvasSize doc={doc} /> : null}
      {edit ? (
        <pre aria-label="Canvas and image position" className="rounded bg-zinc-900 p-2 text-xs">
          {JSON.stringify({ canvas: doc.canvas, imgPos: doc.imgPos }, null, 1)}
        </pre>
      ) : null}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!why) onSubmit(prompt);
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-zinc-400">Remix prompt</span>
          <textarea
            required
            rows={4}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            className="rounded-md bg-zinc-900 p-2 ring-1 ring-zinc-700"
          />
        </label>
        {why ? <p className="text-xs text-zinc-500">{why}</p> : null}
        {error ? (
          <p role="alert" className="text-xs text-rose-400">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-end gap-3">
          <span className="text-xs text-zinc-400 tabular-nums">{formatCostEstimate(cost)}</span>
          <Button type="submit" variant="primary" disabled={why !== null || pending}>
            {pending ? 'Sending…' : submitLabel}
          </Button>
        </div>
      </form>
    </aside>
  );
}
