import sharp from 'sharp';
import { inMediaPool } from '@/engine/media/media-pool';
import type { DiffusionRequest } from '@/contract/requests/diffusion';
import type { ParsedPrompt } from '@/contract/prompt-flags';
import { aspectOf, hasFlag, isDraft, parsePrompt, speedOf } from '@/contract/prompt-flags';
import { costOf } from '@/contract/costs';
import type { DiffusionSpec } from '@/engine/media/scene/diffusion';
import { badRequest } from '../rules/rejection';
import type { StoredImage, StoredImageOutput } from '@/engine/db/stored-output';
import { draftActions, gridActions } from '@/contract/actions';
import { gridFile, imageFile, writeMedia } from './media-files';
import { checkedPrompt, noWords, numberFlag, seedOf } from './prompt';
import type { OperationImpl } from './types';

/** A grid is 4 images with a 1024 px long side. */
const GRID_COUNT = 4;
const LONG_SIDE = 1024;
/**
 * A `--draft --v 7` batch is 8 half-size images (512 px long side) on a 3x3 composite:
 * cheap and quick to look through, then upscaled, varied or enhanced one by one.
 */
const DRAFT_COUNT = 8;
const DRAFT_LONG_SIDE = 512;

/** The renderer's input for a prompt; the seed comes from `--seed` or the job id. */
export function diffusionSpecOf(p: ParsedPrompt, jobId: string): DiffusionSpec {
  const draft = isDraft(p);
  return {
    text: p.text.trim(),
    seed: seedOf(p, jobId),
    aspect: aspectOf(p),
    chaos: numberFlag(p, 'chaos'),
    stylize: numberFlag(p, 'stylize'),
    weird: numberFlag(p, 'weird'),
    no: noWords(p),
    tile: hasFlag(p, 'tile'),
    count: draft ? DRAFT_COUNT : GRID_COUNT,
    longSide: draft ? DRAFT_LONG_SIDE : LONG_SIDE,
  };
}

/** Renders a grid (or draft batch) and writes every image plus the composite. */
async function renderGridTask(
  jobId: string,
  spec: DiffusionSpec,
  filesDir: string,
  opts: { draft: boolean; reroll: boolean; signal?: AbortSignal },
): Promise<StoredImageOutput> {
  const rendered = await inMediaPool('renderDiffusion', [spec], opts.signal);
  const images: StoredImage[] = rendered.images.map((_, n) => ({
    file: imageFile(jobId, n),
    width: rendered.width,
    height: rendered.height,
  }));
  const gridMeta = await sharp(rendered.grid).metadata();
  const grid: StoredImage = {
    file: gridFile(jobId),
    width: gridMeta.width,
    height: gridMeta.height,
  };
  await Promise.all([
    ...rendered.images.map((png, n) => writeMedia(filesDir, imageFile(jobId, n), png)),
    writeMedia(filesDir, grid.file, rendered.grid),
  ]);
  const indexes = images.map((_, i) => i);
  const actions = opts.draft ? draftActions(indexes.length) : gridActions(indexes, opts.reroll);
  return { kind: 'images', grid, images, seed: String(spec.seed), actions };
}

export const diffusionOperation: OperationImpl<DiffusionRequest> = {
  plan(req) {
    const p = checkedPrompt('text', req.text);
    if (p.text.trim() === '') {
      throw badRequest('text: must describe the image before its --flags');
    }
    return {
      prompt: req.text,
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'diffusion', speed: speedOf(p), draft: isDraft(p) }),
    };
  },
  run(task, _req, ctx) {
    const p = parsePrompt(task.prompt);
    const spec = diffusionSpecOf(p, task.jobId);
    return renderGridTask(task.jobId, spec, ctx.filesDir, {
      draft: isDraft(p),
      reroll: true,
      signal: ctx.signal,
    });
  },
};
