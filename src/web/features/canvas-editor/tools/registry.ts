import { keyOf } from '@/web/lib/key-actions';
import { magneticLasso } from './magnetic';
import { addOutline, cut, distinct } from './outline';
import type { Tool, ToolId } from './tool';

const paintTool = (id: 'brush' | 'eraser', label: string): Tool => ({
  id,
  label,
  key: keyOf(`editor.${id}`),
  cursor: 'crosshair',
  onPointerDown: (c) => c.events.strokeStarted(id, c.brushSize, c.point),
  onPointerMove: (c) => c.events.strokeExtended(c.point),
  onPointerUp: (c) => c.events.strokeEnded(),
});

const rect: Tool = {
  id: 'rect',
  label: 'Rectangle',
  key: keyOf('editor.rect'),
  cursor: 'crosshair',
  onPointerDown: (c) => c.setDraft([c.point, c.point]),
  onPointerMove: (c) => {
    const [a] = c.draft ?? [];
    if (a) c.setDraft([a, c.point]);
  },
  onPointerUp: (c) => {
    const [a] = c.draft ?? [];
    if (a && a.x !== c.point.x && a.y !== c.point.y) {
      c.events.shapeAdded({ type: 'shape', kind: 'rect', points: [a, c.point], ...cut(c) });
    }
    c.setDraft(null);
  },
};

const lasso: Tool = {
  id: 'lasso',
  label: 'Lasso',
  key: keyOf('editor.lasso'),
  cursor: 'crosshair',
  onPointerDown: (c) => c.setDraft([c.point]),
  onPointerMove: (c) => {
    if (c.draft) c.setDraft([...c.draft, c.point]);
  },
  onPointerUp: (c) => addOutline(c, 'lasso', c.draft ?? []),
};

const polygon: Tool = {
  id: 'polygon',
  label: 'Polygon',
  key: keyOf('editor.polygon'),
  cursor: 'copy',
  onPointerDown: (c) => c.setDraft([...(c.draft ?? []), c.point]),
  onPointerMove: () => {},
  onPointerUp: () => {},
  // Fewer than three corners is not a shape yet: keep them and wait for more clicks.
  onCommit: (c) => {
    if (distinct(c.draft ?? []).length >= 3) addOutline(c, 'polygon', c.draft ?? []);
  },
  onBack: (c) => {
    if (!c.draft) return false;
    c.setDraft(c.draft.length > 1 ? c.draft.slice(0, -1) : null);
    return true;
  },
};

/** A click or a tap selects where it ends (a pinch that began there is no click). */
const wand: Tool = {
  id: 'wand',
  label: 'Magic wand',
  key: keyOf('editor.wand'),
  cursor: 'crosshair',
  onPointerDown: () => {},
  onPointerMove: () => {},
  onPointerUp: (c) => c.selectAt(c.point),
};

export const TOOLS: readonly Tool[] = [
  paintTool('brush', 'Brush'),
  paintTool('eraser', 'Eraser'),
  rect,
  lasso,
  magneticLasso,
  polygon,
  wand,
];

export const toolById = (id: ToolId): Tool => TOOLS.find((t) => t.id === id) ?? TOOLS[0]!;
