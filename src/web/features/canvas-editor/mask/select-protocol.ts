import type { MaskOp, PixelsOp } from '../model/document';
import type { Grid } from './grid';
import { rasterise } from './grid';
import type { EdgeMap } from './live-wire';
import { edgeMap } from './live-wire';
import { gridImageData, MASK_RGB, maskImageData, pixelsOpOf } from './pixels';
import type { Box, Pixels } from './select';
import { featherBox, grow, magicWand, shrink } from './select';

/** The mask as the document holds it: ops over a base, at image resolution. */
interface MaskInput {
  base: Grid | null;
  ops: readonly MaskOp[];
  width: number;
  height: number;
}

export interface ImageRef {
  url: string;
  width: number;
  height: number;
}

/** What the page asks the selection worker. */
export type SelectJob =
  /** Decode the image now, so the first wand click does not wait for it. */
  | { kind: 'load'; image: ImageRef }
  /** The magnetic lasso's edge cost map of the image. */
  | { kind: 'edges'; image: ImageRef }
  | {
      kind: 'wand';
      image: ImageRef;
      /** The clicked pixel. */
      x: number;
      y: number;
      tolerance: number;
      contiguous: boolean;
      how: PixelsOp['how'];
      /** Sample the image as the stage shows it: the mask's colour over it at this opacity. */
      shown: { mask: MaskInput; opacity: number } | null;
    }
  | { kind: 'grow' | 'shrink' | 'feather'; px: number; mask: MaskInput };

export type SelectRequest = SelectJob & { seq: number };

/** The op to add to the document (null: nothing to add), and how to draw it. */
export interface SelectAnswer {
  seq: number;
  op: PixelsOp | null;
  preview: Preview | null;
  /** Why nothing came of it (the image could not be decoded). */
  error?: string;
  /** The answer to an `edges` job. */
  edges?: EdgeMap;
}

/** A drawing of an op, with where its top-left corner goes in the image. */
export interface Preview {
  image: ImageBitmap;
  x: number;
  y: number;
}

/** The image's own pixels, as decoded from its file (no colour conversion). */
export type LoadPixels = (image: ImageRef) => Promise<Pixels>;

/** Fetches and decodes off the page's thread: the worker's (and a fallback's) loader. */
const fetchPixels: LoadPixels = async (image) => {
  const response = await fetch(image.url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`image ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob(), {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  });
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D context to decode the image');
  ctx.drawImage(bitmap, 0, 0, image.width, image.height);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
};

const maskOf = (m: MaskInput): Grid => rasterise(m.ops, m.width, m.height, m.base);

/** The image with the mask's colour laid over it at `opacity`, as the stage draws it. */
function shownPixels(img: Pixels, mask: Grid, opacity: number): Pixels {
  const data = img.data.slice();
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i] !== 1) continue;
    for (let c = 0; c < 3; c++) {
      const p = i * 4 + c;
      data[p] = (data[p] ?? 0) * (1 - opacity) + (MASK_RGB[c] ?? 0) * opacity;
    }
  }
  return { width: img.width, height: img.height, data };
}

/** A selection before packing: its pixels, and the soft alpha a feather draws it with. */
interface Selection {
  grid: Grid;
  how: PixelsOp['how'];
  soft?: { feather: number; box: Box; alpha: Uint8ClampedArray };
}

function selectionOf(
  job: Exclude<SelectJob, { kind: 'load' | 'edges' }>,
  img: Pixels | null,
): Selection {
  if (job.kind === 'wand') {
    if (!img) throw new Error('the image is not loaded');
    const from = job.shown ? shownPixels(img, maskOf(job.shown.mask), job.shown.opacity) : img;
    return { grid: magicWand(from, job.x, job.y, job), how: job.how };
  }
  const mask = maskOf(job.mask);
  if (job.kind === 'grow') return { grid: grow(mask, job.px), how: 'replace' };
  if (job.kind === 'shrink') return { grid: shrink(mask, job.px), how: 'replace' };
  const grid: Grid = { ...mask, data: new Uint8Array(mask.data.length) };
  const soft = featherBox(mask, job.px);
  if (!soft) return { grid, how: 'replace' };
  // What is sent is the half-way line of the soft edge: the alpha's 50 % contour.
  const { box, alpha } = soft;
  for (let y = 0; y < box.height; y++) {
    const row = (box.y + y) * grid.width + box.x;
    for (let x = 0; x < box.width; x++) {
      if ((alpha[y * box.width + x] ?? 0) >= 128) grid.data[row + x] = 1;
    }
  }
  return { grid, how: 'replace', soft: { feather: job.px, box, alpha } };
}

/**
 * How the op looks: the soft alpha over its box for a feather (it reaches past the bits,
 * which stop at its 50 % line), else the bits in mask colour. Null where images cannot be
 * made (tests in node): the page then draws the bits itself.
 */
async function previewOf(op: PixelsOp, sel: Selection): Promise<Preview | null> {
  if (typeof createImageBitmap !== 'function' || op.width === 0 || op.height === 0) return null;
  if (sel.soft) {
    const { box, alpha } = sel.soft;
    const image = await createImageBitmap(
      maskImageData(box.width, box.height, (k) => alpha[k] ?? 0),
    );
    return { image, x: box.x, y: box.y };
  }
  return { image: await createImageBitmap(gridImageData(sel.grid, op)), x: op.x, y: op.y };
}

/**
 * The worker's whole job, with the image kept between requests (decoded once per URL).
 * Used inline by the page where there is no worker.
 */
export function createSelectHandler(load: LoadPixels = fetchPixels) {
  let image: { url: string; pixels: Promise<Pixels> } | null = null;
  const pixelsOf = (ref: ImageRef) => {
    if (image?.url !== ref.url) {
      const kept = { url: ref.url, pixels: load(ref) };
      // A decoding that failed is tried again by the next request, not remembered.
      kept.pixels.catch(() => {
        if (image === kept) image = null;
      });
      image = kept;
    }
    return image.pixels;
  };
  return async (
    req: SelectRequest,
  ): Promise<{ answer: SelectAnswer; transfer: Transferable[] }> => {
    if (req.kind === 'load') {
      await pixelsOf(req.image);
      return { answer: { seq: req.seq, op: null, preview: null }, transfer: [] };
    }
    if (req.kind === 'edges') {
      const edges = edgeMap(await pixelsOf(req.image));
      return {
        answer: { seq: req.seq, op: null, preview: null, edges },
        transfer: [edges.cost.buffer],
      };
    }
    const img = req.kind === 'wand' ? await pixelsOf(req.image) : null;
    const sel = selectionOf(req, img);
    const op = pixelsOpOf(sel.grid, sel.how, sel.soft?.feather);
    const preview = await previewOf(op, sel);
    const transfer: Transferable[] = [op.bits.buffer];
    if (preview) transfer.push(preview.image);
    return { answer: { seq: req.seq, op, preview }, transfer };
  };
}
