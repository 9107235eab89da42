import { maskSchema } from '@/contract/requests/common';
import type { EditorRequest } from '@/web/jobs/stores/editor-request-store';
import type { MaskPlan } from './areas';
import { rasteriseAreas } from './areas';
import type { Grid } from './grid';
import type { MaskShelf } from './mask-shelf';
import { packMask, unpackMask } from './packed';

/** The job's id from the create's answer (a Job), if it has one. */
function jobIdOf(created: unknown): string | null {
  if (typeof created !== 'object' || created === null || !('id' in created)) return null;
  return typeof created.id === 'string' ? created.id : null;
}

/** After a create succeeded: keeps the mask it was sent with under the new job's id. */
export function keepSentMask(
  shelf: MaskShelf,
  created: unknown,
  plan: MaskPlan,
  image: { width: number; height: number },
): void {
  const job = jobIdOf(created);
  if (!job || plan.kind === 'empty') return;
  const grid =
    plan.kind === 'image' ? plan.grid : rasteriseAreas(plan.areas, image.width, image.height);
  shelf.keepSent(job, packMask(grid));
}

/**
 * The mask a Reuse mask request opens with, at the result's size: this browser's copy of
 * what was sent, else the polygons the studio kept in the job's params (in their own frame,
 * so they scale); null when neither is known (sent from another browser, as a mask image,
 * which is not read back, or with params over the studio's bound).
 */
export function reusedMask(
  shelf: MaskShelf,
  request: EditorRequest,
  width: number,
  height: number,
): Grid | null {
  if (request.mode === 'upload-paint' || !request.reuseMask) return null;
  const kept = shelf.sentMask(request.jobId);
  const grid = kept ? unpackMask(kept, width, height) : null;
  if (grid) return grid;
  const parsed = maskSchema.safeParse(request.reuseMask.sentWith);
  const areas = parsed.success ? parsed.data.areas : undefined;
  return areas ? rasteriseAreas(areas, width, height) : null;
}
