import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { Mask } from '@/contract/requests/common';
import type { EditorRequest } from '@/web/jobs/stores/editor-request-store';
import type { EditorDocument } from '../model/document';
import type { MaskPlan } from './areas';
import type { Grid } from './grid';

/** Uploads a mask image and answers its public URL. */
export type MaskUploader = (png: Blob) => Promise<string>;

/** A black-and-white PNG of the mask (white = repaint), as the service reads mask images. */
async function maskPng(grid: Grid): Promise<Blob> {
  const canvas = new OffscreenCanvas(grid.width, grid.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas for the mask image');
  const img = ctx.createImageData(grid.width, grid.height);
  for (let i = 0; i < grid.data.length; i++) {
    const v = grid.data[i] ? 255 : 0;
    img.data.set([v, v, v, 255], i * 4);
  }
  ctx.putImageData(img, 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

async function maskOf(plan: MaskPlan, upload: MaskUploader): Promise<Mask | undefined> {
  if (plan.kind === 'areas') return { areas: plan.areas };
  if (plan.kind === 'image') return { url: await upload(await maskPng(plan.grid)) };
  return undefined;
}

/**
 * The create the proxy receives: inpaint with its mask, edit with canvas and imgPos, or
 * upload-paint with those and the upload's public URL, and no parent job.
 */
export async function editorCreate(
  request: EditorRequest,
  doc: EditorDocument,
  plan: MaskPlan,
  remixPrompt: string,
  upload: MaskUploader,
): Promise<CreateJobRequest> {
  const mask = await maskOf(plan, upload);
  const prompt = remixPrompt.trim();
  const placement = { canvas: doc.canvas, imgPos: doc.imgPos };
  if (request.mode === 'upload-paint') {
    // The contract requires a mask here: without one there is nothing to repaint.
    if (!mask) throw new Error('paint the region to repaint first');
    const params = { imgUrl: request.imgUrl, ...placement, mask, remixPrompt: prompt };
    return { operation: 'upload-paint', params };
  }
  const base = { imageNo: request.imageNo, remixPrompt: prompt };
  if (request.mode === 'inpaint') {
    if (!mask) throw new Error('paint the region to vary first');
    return { operation: 'inpaint', parentId: request.jobId, params: { ...base, mask } };
  }
  const params = { ...base, ...placement, ...(mask ? { mask } : {}) };
  return { operation: 'edit', parentId: request.jobId, params };
}
