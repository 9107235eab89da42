import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/web/components/ui/button';
import { keyOf } from '@/web/lib/key-actions';
import { actualSizeViewport, fitViewport, zoomPercent } from '../geometry/transforms';
import { useEditorStore } from '../model/editor-store';
import { BRUSH_MAX, BRUSH_MIN, useViewStore } from '../model/view-store';
import type { EditorToolId } from '../model/view-store';
import { TOOLS } from '../tools/registry';
import { ModeGroup } from './mode-group';
import { WandModePicker } from './selection-panel';

/** Edit's extra tool: drag and scale the image on the canvas. */
const MOVE = { id: 'move' as const, label: 'Move image', key: keyOf('editor.move') };

function ToolPicker({ edit }: { edit: boolean }) {
  const view = useViewStore();
  const tools: { id: EditorToolId; label: string; key: string }[] = edit
    ? [MOVE, ...TOOLS]
    : [...TOOLS];
  return (
    <>
      <div role="radiogroup" aria-label="Tool" className="flex gap-1">
        {tools.map((t) => (
          <button
            key={t.id}
            type="button"
            role="radio"
            aria-checked={view.tool === t.id}
            aria-keyshortcuts={t.key.toUpperCase()}
            onClick={() => view.toolSelected(t.id)}
            className="h-7 rounded-md px-2 ring-1 ring-zinc-700 aria-checked:bg-indigo-500 aria-checked:text-white"
          >
            {t.label} <span className="text-zinc-400">{t.key.toUpperCase()}</span>
          </button>
        ))}
      </div>
      {/* One slot of fixed width for the tool's options: the toolbar keeps its layout, so
          the stage does not change size when the tool does. */}
      <div className="flex w-52 items-center">
        {SHAPE_TOOLS.has(view.tool) ? (
          <ShapeModePicker />
        ) : view.tool === 'wand' ? (
          <WandModePicker />
        ) : view.tool === 'move' ? null : (
          <label className="flex items-center gap-1">
            Size
            <input
              type="range"
              min={BRUSH_MIN}
              max={BRUSH_MAX}
              value={view.brushSize}
              onChange={(e) => view.brushResized(Number(e.target.value))}
              aria-label="Brush size"
              aria-keyshortcuts="[ ]"
            />
            <output>{view.brushSize}px</output>
          </label>
        )}
      </div>
    </>
  );
}

const SHAPE_TOOLS = new Set<EditorToolId>(['rect', 'lasso', 'magnetic', 'polygon']);
const SHAPE_MODES = [
  { id: 'add', label: 'Add' },
  { id: 'subtract', label: 'Subtract' },
] as const;

/**
 * Whether shapes add to the mask or cut it; holding Alt as a shape ends flips it, but for
 * the magnetic lasso, where Alt turns snapping off.
 */
function ShapeModePicker() {
  const mode = useViewStore((s) => s.shapeMode);
  const changed = useViewStore((s) => s.shapeModeChanged);
  const magnetic = useViewStore((s) => s.tool === 'magnetic');
  return (
    <ModeGroup
      label="Shape mode"
      title={
        magnetic
          ? 'Hold Alt to draw freehand; Backspace takes back the last anchor'
          : 'Hold Alt while finishing a shape for the other mode'
      }
      modes={SHAPE_MODES}
      value={mode}
      onChange={changed}
    />
  );
}

function MaskControls() {
  const view = useViewStore();
  // Selected, not the whole store: the stroke being drawn changes it on every pointer move.
  const editor = useEditorStore(
    useShallow((s) => ({
      canUndo: s.past.length > 0,
      canRedo: s.future.length > 0,
      empty: !s.doc || (s.doc.ops.length === 0 && !s.doc.base),
      undoRequested: s.undoRequested,
      redoRequested: s.redoRequested,
      maskCleared: s.maskCleared,
      maskInverted: s.maskInverted,
    })),
  );
  return (
    <>
      <Button
        size="sm"
        onClick={editor.undoRequested}
        disabled={!editor.canUndo}
        aria-keyshortcuts="Control+Z"
      >
        Undo
      </Button>
      <Button
        size="sm"
        onClick={editor.redoRequested}
        disabled={!editor.canRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        Redo
      </Button>
      <Button size="sm" onClick={editor.maskCleared} disabled={editor.empty}>
        Clear
      </Button>
      <Button size="sm" onClick={editor.maskInverted} aria-keyshortcuts={keyOf('editor.invert')}>
        Invert
      </Button>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={view.maskVisible} onChange={view.maskVisibilityToggled} />
        Show mask
      </label>
      <label className="flex items-center gap-1">
        Opacity
        <input
          type="range"
          min={0.1}
          max={1}
          step={0.05}
          value={view.maskOpacity}
          onChange={(e) => view.maskOpacityChanged(Number(e.target.value))}
          aria-label="Mask opacity"
        />
      </label>
    </>
  );
}

function ViewControls() {
  const view = useViewStore();
  const canvas = useEditorStore((s) => s.doc?.canvas);
  if (!canvas) return null;
  const dpr = window.devicePixelRatio || 1;
  return (
    <span className="ml-auto flex items-center gap-1">
      <Button
        size="sm"
        onClick={() => view.viewportChanged(fitViewport(canvas, view.stageSize, dpr))}
      >
        Fit
      </Button>
      <Button
        size="sm"
        onClick={() => view.viewportChanged(actualSizeViewport(canvas, view.stageSize, dpr))}
        title="One canvas pixel per screen pixel"
      >
        100%
      </Button>
      <output aria-label="Zoom">{zoomPercent(view.viewport)}%</output>
    </span>
  );
}

/** Tools, brush size, history, mask display and view controls. */
export function Toolbar({ edit }: { edit: boolean }) {
  return (
    <div
      role="toolbar"
      aria-label="Editor tools"
      className="flex flex-wrap items-center gap-2 border-b border-zinc-800 px-3 py-2 text-xs text-zinc-300"
    >
      <ToolPicker edit={edit} />
      <MaskControls />
      <ViewControls />
    </div>
  );
}
