import { useId, useState } from 'react';
import { CANVAS_SIDE_MAX } from '@/contract/requests/limits';
import { CANVAS_PRESETS, centred, parseSide, presetLayout } from '../model/canvas-presets';
import type { EditorDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';

/**
 * Canvas size for edit and upload-paint: aspect presets, which extend the canvas around the
 * whole image, or pixels; the image re-centres.
 */
export function CanvasSize({ doc }: { doc: EditorDocument }) {
  const { canvasResized } = useEditorStore.getState();
  const resize = (canvas: EditorDocument['canvas']) => canvasResized(canvas, centred(doc, canvas));
  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-medium text-zinc-400">Canvas size</legend>
      <div className="flex flex-wrap gap-1">
        {CANVAS_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            onClick={() => {
              const { canvas, imgPos } = presetLayout(doc, p.w, p.h);
              canvasResized(canvas, imgPos);
            }}
            className="h-7 rounded-md px-2 text-xs ring-1 ring-zinc-700 hover:bg-zinc-800"
          >
            {p.id}
          </button>
        ))}
      </div>
      <div className="flex gap-2 text-xs">
        {(['width', 'height'] as const).map((side) => (
          <SideInput
            key={side}
            label={side === 'width' ? 'Canvas width' : 'Canvas height'}
            value={doc.canvas[side]}
            onValue={(n) => resize({ ...doc.canvas, [side]: n })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One side in pixels. What is typed stays as typed (an empty field while retyping is not
 * turned into 1); a valid number applies at once, anything else says what is allowed,
 * and leaving the field puts back the canvas's own value.
 */
function SideInput(props: { label: string; value: number; onValue: (n: number) => void }) {
  const { label, value, onValue } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const errorId = useId();
  const parsed = draft === null ? value : parseSide(label, draft);
  const error = typeof parsed === 'number' ? null : parsed.error;
  return (
    <label className="flex flex-col gap-1">
      <span className="flex items-center gap-1">
        {label}
        <input
          type="number"
          min={1}
          max={CANVAS_SIDE_MAX}
          step={1}
          value={draft ?? value}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = parseSide(label, e.target.value);
            if (typeof n === 'number') onValue(n);
          }}
          onBlur={() => setDraft(null)}
          className="w-20 rounded bg-zinc-900 px-1 ring-1 ring-zinc-700 aria-invalid:ring-red-500"
        />
      </span>
      {error ? (
        <span id={errorId} role="alert" className="text-red-400">
          {error}
        </span>
      ) : null}
    </label>
  );
}
