import type { AvailableActions } from '@/contract/task';
import type { RawImage } from '@/engine/media/pixels/raw-image';
import { encodePng, gridPng } from '@/engine/media/pixels/raw-image';
import type { StoredImage, StoredImageOutput } from '@/engine/db/stored-output';
import { gridActions } from '@/contract/actions';
import { gridFile, imageFile, writeMedia } from './media-files';

/**
 * Writes the 4 images of a follow-up's grid plus the 2x2 composite and answers the
 * stored output. `reroll` is false for operations with no prompt to run again.
 */
export async function writeGrid(
  jobId: string,
  filesDir: string,
  images: readonly RawImage[],
  opts: { seed: number; reroll: boolean },
): Promise<StoredImageOutput> {
  const first = images[0];
  if (!first) throw new Error('a grid needs images');
  const pngs = await Promise.all(images.map(encodePng));
  const composite = await gridPng(images);
  await Promise.all([
    ...pngs.map((png, n) => writeMedia(filesDir, imageFile(jobId, n), png)),
    writeMedia(filesDir, gridFile(jobId), composite),
  ]);
  const stored: StoredImage[] = images.map((img, n) => ({
    file: imageFile(jobId, n),
    width: img.width,
    height: img.height,
  }));
  const cols = Math.ceil(Math.sqrt(images.length));
  const grid: StoredImage = {
    file: gridFile(jobId),
    width: first.width * cols,
    height: first.height * Math.ceil(images.length / cols),
  };
  return {
    kind: 'images',
    grid,
    images: stored,
    seed: String(opts.seed),
    actions: gridActions(
      images.map((_, i) => i),
      opts.reroll,
    ),
  };
}

/** Writes the one image of an enhance or remove-background result. */
export async function writeSingle(
  jobId: string,
  filesDir: string,
  png: Buffer,
  image: { width: number; height: number; seed: number; actions: AvailableActions },
): Promise<StoredImageOutput> {
  const file = imageFile(jobId, 0);
  await writeMedia(filesDir, file, png);
  return {
    kind: 'images',
    grid: null,
    images: [{ file, width: image.width, height: image.height }],
    seed: String(image.seed),
    actions: image.actions,
  };
}

/** Writes a grid the diffusion renderer already encoded (reroll re-runs a prompt). */
export async function writeRenderedGrid(
  jobId: string,
  filesDir: string,
  rendered: { images: readonly Buffer[]; grid: Buffer; width: number; height: number },
  opts: { seed: number; reroll: boolean },
): Promise<StoredImageOutput> {
  await Promise.all([
    ...rendered.images.map((png, n) => writeMedia(filesDir, imageFile(jobId, n), png)),
    writeMedia(filesDir, gridFile(jobId), rendered.grid),
  ]);
  const cols = Math.ceil(Math.sqrt(rendered.images.length));
  const rows = Math.ceil(rendered.images.length / cols);
  const indexes = rendered.images.map((_, i) => i);
  return {
    kind: 'images',
    grid: { file: gridFile(jobId), width: rendered.width * cols, height: rendered.height * rows },
    images: indexes.map((n) => ({
      file: imageFile(jobId, n),
      width: rendered.width,
      height: rendered.height,
    })),
    seed: String(opts.seed),
    actions: gridActions(indexes, opts.reroll),
  };
}
