import type { JobMask } from '@/contract/masks';
import { maskSchema } from '@/contract/requests/common';
import { requestJson } from '@/web/lib/http';
import type { EditorRequest } from '@/web/jobs/stores/editor-request-store';
import type { MaskPlan } from './areas';
import { rasteriseAreas } from './areas';
import { emptyGrid, type Grid } from './grid';
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

/** The mask the studio keeps for a job (`GET /studio-api/jobs/:id/mask`); null when none. */
export type JobMaskReader = (jobId: string) => Promise<JobMask | null>;

/** Asks the studio; a job without a mask, or a studio out of reach, is no mask. */
const studioJobMask: JobMaskReader = async (jobId) => {
  try {
    const path = `/studio-api/jobs/${encodeURIComponent(jobId)}/mask`;
    return (await requestJson(path, 'jobMask')).mask;
  } catch {
    return null;
  }
};

/** A mask image (white: repaint) read at `width` × `height`; null when it cannot be read. */
function maskImageGrid(url: string, width: number, height: number): Promise<Grid | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      try {
        const canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext('2d');
        if (!ctx) return resolve(null);
        // Nearest pixel, as a packed mask scales: no grey edge to threshold.
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(img, 0, 0, width, height);
        const { data } = ctx.getImageData(0, 0, width, height);
        const grid = emptyGrid(width, height);
        for (let i = 0; i < grid.data.length; i++) grid.data[i] = (data[i * 4] ?? 0) > 127 ? 1 : 0;
        resolve(grid);
      } catch {
        // Another site's image without CORS taints the canvas: it cannot be read.
        resolve(null);
      }
    };
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

const areasOf = (mask: unknown) => {
  const parsed = maskSchema.safeParse(mask);
  return parsed.success ? parsed.data.areas : undefined;
};

/**
 * The mask a Reuse mask request opens with, at the result's size: this browser's copy of
 * what was sent (exact, and at once), else the polygons in the job's params (kept when
 * small), else the mask the studio keeps with the job (polygons, or a mask image read
 * back), so that it opens from any browser; null when none of them is known.
 */
export async function reusedMask(
  shelf: MaskShelf,
  request: EditorRequest,
  width: number,
  height: number,
  readJobMask: JobMaskReader = studioJobMask,
): Promise<Grid | null> {
  if (request.mode === 'upload-paint' || !request.reuseMask) return null;
  const kept = shelf.sentMask(request.jobId);
  const grid = kept ? unpackMask(kept, width, height) : null;
  if (grid) return grid;
  const inParams = areasOf(request.reuseMask.sentWith);
  if (inParams) return rasteriseAreas(inParams, width, height);
  const stored = await readJobMask(request.jobId);
  const areas = areasOf(stored);
  if (areas) return rasteriseAreas(areas, width, height);
  return stored?.url ? maskImageGrid(stored.url, width, height) : null;
}
