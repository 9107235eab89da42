import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { costOfPrompt, formatCostEstimate } from '@/web/jobs/utils/costs';
import type { MaskPlan } from '../mask/areas';
import type { EditorDocument } from '../model/document';
import { CanvasSize } from './canvas-size';
import { SavedMasks } from './saved-masks';
import { SelectionControls } from './selection-panel';

interface SidePanelProps {
  doc: EditorDocument;
  plan: MaskPlan | null;
  submitLabel: string;
  /** The prompt a follow-up inherits ('' for an upload), for the cost estimate. */
  parentPrompt: string;
  pending: boolean;
  error: string | null;
  onSubmit: (remixPrompt: string) => void;
  /** Folded away on a phone, where the canvas needs the room; always shown from md up. */
  folded: boolean;
}

/** What everyone reads: how much of the image the mask covers. */
function planText(plan: MaskPlan | null): string {
  if (!plan) return 'Tracing the mask…';
  if (plan.kind === 'empty') return 'Nothing painted yet.';
  return `${(plan.coverage * 100).toFixed(1)}% of the image.`;
}

/** The technical side, behind "Details": how the mask goes out and how well it matches. */
function planDetails(plan: MaskPlan | null): string | null {
  if (!plan || plan.kind === 'empty') return null;
  if (plan.kind === 'image')
    return `Polygons would match only ${(plan.iou * 100).toFixed(1)}%, so it is sent as a mask image.`;
  const points = plan.areas.reduce((n, a) => n + a.points.length / 2, 0);
  return `${plan.areas.length} polygon${plan.areas.length === 1 ? '' : 's'} (${points} points, match ${(plan.iou * 100).toFixed(1)}%).`;
}

/** What only the curious need: closed until asked for. */
function Details({ children }: { children: ReactNode }) {
  return (
    <details className="mt-1 text-xs text-zinc-400">
      <summary className="cursor-pointer">Details</summary>
      <div className="mt-1">{children}</div>
    </details>
  );
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
  const { doc, plan, submitLabel, parentPrompt, pending, error, onSubmit, folded } = props;
  // A follow-up starts from its parent's prompt, to be edited rather than retyped.
  const [prompt, setPrompt] = useState(parentPrompt);
  const details = planDetails(plan);
  const why = blocker(doc, plan, prompt);
  const cost = costOfPrompt(doc.mode, prompt, parentPrompt);
  const edit = doc.mode !== 'inpaint';
  return (
    <aside
      id="editor-panel"
      aria-label="Request preview"
      className={cn(
        'max-h-[45dvh] w-full shrink-0 flex-col gap-4 overflow-y-auto border-t border-zinc-800 p-4 text-sm text-zinc-300 md:flex md:max-h-none md:w-80 md:border-t-0 md:border-l',
        folded ? 'hidden' : 'flex',
      )}
    >
      <section aria-label="Mask">
        <h3 className="text-xs font-medium text-zinc-400">Mask to send</h3>
        <div data-testid="mask-summary">
          <p>{planText(plan)}</p>
          {details ? (
            <Details>
              <p>{details}</p>
            </Details>
          ) : null}
        </div>
      </section>
      <SelectionControls />
      <SavedMasks />
      {edit ? <CanvasSize doc={doc} /> : null}
      {edit ? (
        <Details>
          <pre aria-label="Canvas and image position" className="rounded bg-zinc-900 p-2">
            {JSON.stringify({ canvas: doc.canvas, imgPos: doc.imgPos }, null, 1)}
          </pre>
        </Details>
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
