import type { PixelsOp } from '../model/document';
import type { Grid } from './grid';
import { rasterise } from './grid';
import type { EdgeMap } from './live-wire';
import { edgeMap } from './live-wire';
import {
  gridImageData,
  gridRuns,
  MASK_RGB,
  maskImageData,
  pixelsOpOf,
  pixelsOpOfRuns,
  runsImageData,
} from './pixels';
import type { Box, Pixels } from './select';
import type { MaskInput, ShippedMask } from './shipped-mask';
import { scratch } from './scratch';
import type { Runs } from './wand';
import { wandRuns } from './wand';
import { featherBox, grow, readyToReach, shrink } from './select';

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
  | { kind: 'grow' | 'shrink' | 'feather'; px: number; mask: MaskInput }
  /**
   * Nothing to work out: the worker is sent the mask there is now while the page is idle,
   * so the next Grow's message names the ops it already holds rather than copying them.
   */
  | { kind: 'keep'; mask: MaskInput };

export type SelectRequest = SelectJob & { seq: number };

type WandRequest = Extract<SelectRequest, { kind: 'wand' }>;
type StepRequest = Extract<SelectRequest, { kind: 'grow' | 'shrink' | 'feather' }>;
type KeepRequest = Extract<SelectRequest, { kind: 'keep' }>;

/** A request as it goes to the worker: its mask shipped (shipped-mask.ts). */
export type WireSelectRequest =
  | Extract<SelectRequest, { kind: 'load' | 'edges' }>
  | (Omit<WandRequest, 'shown'> & { shown: { mask: ShippedMask; opacity: number } | null })
  | (Omit<StepRequest, 'mask'> & { mask: ShippedMask })
  | (Omit<KeepRequest, 'mask'> & { mask: ShippedMask });

/** The request for the wire, its mask shipped with `ship`. */
export function shipRequest(
  req: SelectRequest,
  ship: (mask: MaskInput) => ShippedMask,
): WireSelectRequest {
  if (req.kind === 'load' || req.kind === 'edges') return req;
  if (req.kind === 'wand') {
    return { ...req, shown: req.shown && { ...req.shown, mask: ship(req.shown.mask) } };
  }
  // The same for both, said twice so that each keeps its own type.
  if (req.kind === 'keep') return { ...req, mask: ship(req.mask) };
  return { ...req, mask: ship(req.mask) };
}

/** The request again from the wire, its mask unshipped with `unship`. */
export function unshipRequest(
  wire: WireSelectRequest,
  unship: (mask: ShippedMask) => MaskInput,
): SelectRequest {
  if (wire.kind === 'load' || wire.kind === 'edges') return wire;
  if (wire.kind === 'wand') {
    return { ...wire, shown: wire.shown && { ...wire.shown, mask: unship(wire.shown.mask) } };
  }
  // The same for both, said twice so that each keeps its own type.
  if (wire.kind === 'keep') return { ...wire, mask: unship(wire.mask) };
  return { ...wire, mask: unship(wire.mask) };
}

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

/**
 * A drawing of an op: an image with where its top-left corner goes in the image, or the
 * runs of a wand's selection (row, first and last pixel, three numbers each), which the
 * page fills straight onto its mask bitmap.
 */
export type Preview = { image: ImageBitmap; x: number; y: number } | { runs: Int32Array };

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

const MASK = 'mask';

/** The mask's pixels, drawn into memory kept for the next request (scratch.ts). */
const maskOf = (m: MaskInput): Grid =>
  rasterise(m.ops, m.width, m.height, m.base, scratch(MASK, Uint8Array, m.width * m.height, true));

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

/** A mask step before packing: its pixels, and the soft alpha a feather draws it with. */
interface MaskStep {
  grid: Grid;
  soft?: { feather: number; box: Box; alpha: Uint8ClampedArray };
}

function maskStepOf(job: Extract<SelectJob, { kind: 'grow' | 'shrink' | 'feather' }>): MaskStep {
  const mask = maskOf(job.mask);
  if (job.kind === 'grow') return { grid: grow(mask, job.px) };
  if (job.kind === 'shrink') return { grid: shrink(mask, job.px) };
  const grid: Grid = { ...mask, data: new Uint8Array(mask.data.length) };
  const soft = featherBox(mask, job.px);
  if (!soft) return { grid };
  // What is sent is the half-way line of the soft edge: the alpha's 50 % contour.
  const { box, alpha } = soft;
  for (let y = 0; y < box.height; y++) {
    const row = (box.y + y) * grid.width + box.x;
    for (let x = 0; x < box.width; x++) {
      if ((alpha[y * box.width + x] ?? 0) >= 128) grid.data[row + x] = 1;
    }
  }
  return { grid, soft: { feather: job.px, box, alpha } };
}

/** Whether images can be made here (not in tests in node: the page then draws the bits). */
const canDraw = (op: PixelsOp): boolean =>
  typeof createImageBitmap === 'function' && op.width > 0 && op.height > 0;

/**
 * Beyond this many runs a selection's drawing is an image made from its pixels rather than
 * a rectangle per run (a noisy image's global selection can have a run every few pixels).
 */
const MOST_RECTS = 20_000;

/**
 * How a mask step's op looks: the soft alpha over its box for a feather (it reaches past
 * the bits, which stop at its 50 % line), else its runs, or an image of the bits in mask
 * colour when they are too many.
 */
async function stepPreview(op: PixelsOp, step: MaskStep): Promise<Preview | null> {
  if (op.width === 0 || op.height === 0) return null;
  const runs = step.soft ? null : gridRuns(step.grid, op, MOST_RECTS);
  if (runs) return { runs: runs.data.slice(0, 3 * runs.count) };
  if (!canDraw(op)) return null;
  if (step.soft) {
    const { box, alpha } = step.soft;
    const rgba = scratch('feather-rgba', Uint8ClampedArray, 4 * alpha.length, true);
    const image = await createImageBitmap(
      maskImageData(box.width, box.height, (k) => alpha[k] ?? 0, rgba),
    );
    return { image, x: box.x, y: box.y };
  }
  return { image: await createImageBitmap(gridImageData(step.grid, op)), x: op.x, y: op.y };
}

/**
 * How a wand's op looks: its runs, as a rectangle each, which the page fills onto the
 * mask bitmap it already has. An image of the op's box would cost a new surface of its
 * size, whose first touch of fresh memory alone is about 15 ms for a sky of 2048×740, and
 * a copy of it to make the bitmap as much again.
 */
async function wandPreview(op: PixelsOp, runs: Runs): Promise<Preview | null> {
  if (op.width === 0 || op.height === 0) return null;
  if (runs.count <= MOST_RECTS) return { runs: runs.data.slice(0, 3 * runs.count) };
  if (!canDraw(op)) return null;
  return { image: await createImageBitmap(runsImageData(runs, op)), x: op.x, y: op.y };
}

/** A wand click's op and its drawing. */
async function wandSelection(
  job: Extract<SelectJob, { kind: 'wand' }>,
  img: Pixels,
): Promise<{ op: PixelsOp; preview: Preview | null }> {
  const from = job.shown ? shownPixels(img, maskOf(job.shown.mask), job.shown.opacity) : img;
  const runs = wandRuns(from, job.x, job.y, job);
  const op = pixelsOpOfRuns(runs, job.how);
  return { op, preview: await wandPreview(op, runs) };
}

/** A grow, shrink or feather's op (in place of the mask) and its drawing. */
async function maskSelection(
  job: Extract<SelectJob, { kind: 'grow' | 'shrink' | 'feather' }>,
): Promise<{ op: PixelsOp; preview: Preview | null }> {
  const step = maskStepOf(job);
  const op = pixelsOpOf(step.grid, 'replace', step.soft?.feather);
  return { op, preview: await stepPreview(op, step) };
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
    if (req.kind === 'load' || req.kind === 'keep') {
      // What a keep was for, the worker's entry did as it read the message.
      if (req.kind === 'load') {
        await pixelsOf(req.image);
        // The memory a grow or shrink of this image works in, taken while nothing waits.
        const pixels = req.image.width * req.image.height;
        scratch(MASK, Uint8Array, pixels, true);
        readyToReach(pixels);
      }
      return { answer: { seq: req.seq, op: null, preview: null }, transfer: [] };
    }
    if (req.kind === 'edges') {
      const edges = edgeMap(await pixelsOf(req.image));
      return {
        answer: { seq: req.seq, op: null, preview: null, edges },
        transfer: [edges.cost.buffer],
      };
    }
    const { op, preview } =
      req.kind === 'wand'
        ? await wandSelection(req, await pixelsOf(req.image))
        : await maskSelection(req);
    const transfer: Transferable[] = [op.bits.buffer];
    if (preview) transfer.push('runs' in preview ? preview.runs.buffer : preview.image);
    return { answer: { seq: req.seq, op, preview }, transfer };
  };
}
