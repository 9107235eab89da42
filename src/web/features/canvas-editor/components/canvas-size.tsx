import { CANVAS_PRESETS, centred, clampSide, presetCanvas } from '../model/canvas-presets';
import type { EditorDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';

/** Canvas size for edit and upload-paint: aspect presets or pixels; the image re-centres. */
export function CanvasSize({ doc }: { doc: EditorDocument }) {
  const { canvasResized, imageMoved } = useEditorStore.getState();
  const resize = (canvas: EditorDocument['canvas']) => {
    canvasResized(canvas);
    imageMoved(centred(doc, canvas));
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-medium text-zinc-400">Canvas size</legend>
      <div className="flex flex-wrap gap-1">
        {CANVAS_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            onClick={() => resize(presetCanvas(doc.image, p.w, p.h))}
            className="h-7 rounded-md px-2 text-xs ring-1 ring-zinc-700 hover:bg-zinc-800"
          >
            {p.id}
          </button>
        ))}
      </div>
      <div className="flex gap-2 text-xs">
        {(['width', 'height'] as const).map((side) => (
          <label key={side} className="flex items-center gap-1">
            {side === 'width' ? 'Canvas width' : 'Canvas height'}
            <input
              type="number"
              min={1}
              max={4096}
              value={doc.canvas[side]}
              onChange={(e) => resize({ ...doc.canvas, [side]: clampSide(Number(e.target.value)) })}
              className="w-20 rounded bg-zinc-900 px-1 ring-1 ring-zinc-700"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
