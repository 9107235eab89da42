import type { ImagePoint } from '../geometry/points';
import type { ToolContext } from './tool';

/** The points without repeats of the one before. */
export const distinct = (pts: readonly ImagePoint[]): ImagePoint[] =>
  pts.filter((p, i) => {
    const q = pts[i - 1];
    return !q || q.x !== p.x || q.y !== p.y;
  });

/** Only a cutting shape carries `erase`: an adding one stays as it always was. */
export const cut = (c: ToolContext) => (c.subtract ? { erase: true } : {});

/** Adds a closed shape when it has an area; a click without a drag adds nothing. */
export function addOutline(
  c: ToolContext,
  kind: 'polygon' | 'lasso',
  pts: readonly ImagePoint[],
): void {
  const outline = distinct(pts);
  if (outline.length >= 3) c.events.shapeAdded({ type: 'shape', kind, points: outline, ...cut(c) });
  c.setDraft(null);
}
