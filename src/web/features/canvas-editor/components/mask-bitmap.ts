import type { Size } from '../geometry/points';
import { shapeOutline } from '../mask/grid';
import type { Bake } from '../model/bake';
import { restate } from '../model/bake';
import type { BaseMask, MaskOp, PixelsOp } from '../model/document';
import { whenIdle } from '@/web/lib/lazy-component';
import { MASK_COLOR, maskImageData, opImageData } from '../mask/pixels';

type Ctx = CanvasRenderingContext2D;

/**
 * What a pixels op looks like: the selection worker's drawing of it (a feathered edge
 * included), kept with the op for as long as the op lives, so an undo or a redraw from a
 * checkpoint draws it again at the cost of one image.
 */
const previews = new WeakMap<PixelsOp, Drawing>();

/** An image with where its top-left corner goes, or runs of the op's pixels to fill. */
type Drawing = { image: CanvasImageSource; x: number; y: number } | { runs: Int32Array };

export const keepPreview = (op: PixelsOp, drawing: Drawing): void => {
  previews.set(op, drawing);
};

function previewOf(op: PixelsOp): Drawing {
  const kept = previews.get(op);
  if (kept) return kept;
  const ctx = surface(op);
  ctx.putImageData(opImageData(op), 0, 0);
  const drawn = { image: ctx.canvas, x: op.x, y: op.y };
  previews.set(op, drawn);
  return drawn;
}

function drawPixels(ctx: Ctx, op: PixelsOp, image: Size): void {
  if (op.how === 'replace') ctx.clearRect(0, 0, image.width, image.height);
  if (op.width === 0 || op.height === 0) return;
  ctx.globalCompositeOperation = op.how === 'subtract' ? 'destination-out' : 'source-over';
  const drawing = previewOf(op);
  if ('image' in drawing) {
    ctx.drawImage(drawing.image, drawing.x, drawing.y);
    return;
  }
  // A rectangle a run, in the mask colour drawOp set: whole pixels, so exactly the op's.
  const { runs } = drawing;
  for (let j = 0; j + 2 < runs.length; j += 3) {
    const x0 = runs[j + 1] ?? 0;
    ctx.fillRect(x0, runs[j] ?? 0, (runs[j + 2] ?? 0) - x0 + 1, 1);
  }
}

function drawOp(ctx: Ctx, op: MaskOp, image: Size): void {
  ctx.save();
  ctx.fillStyle = MASK_COLOR;
  ctx.strokeStyle = MASK_COLOR;
  if (op.type === 'pixels') {
    drawPixels(ctx, op, image);
  } else if (op.type === 'invert') {
    // xor with an opaque rectangle leaves exactly the complement of what is below.
    ctx.globalCompositeOperation = 'xor';
    ctx.fillRect(0, 0, image.width, image.height);
  } else if (op.type === 'shape') {
    ctx.globalCompositeOperation = op.erase ? 'destination-out' : 'source-over';
    ctx.beginPath();
    for (const p of shapeOutline(op)) ctx.lineTo(p.x, p.y);
    ctx.closePath();
    ctx.fill('nonzero');
  } else {
    ctx.globalCompositeOperation = op.tool === 'eraser' ? 'destination-out' : 'source-over';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = op.size;
    ctx.beginPath();
    const [only] = op.points;
    if (op.points.length === 1 && only) {
      // Canvas prunes zero-length segments: a click is a filled dot.
      ctx.arc(only.x, only.y, op.size / 2, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      for (const p of op.points) ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** The base mask as opaque mask-coloured pixels, for putImageData into an empty bitmap. */
const baseImageData = (base: BaseMask): ImageData =>
  maskImageData(base.width, base.height, (i) => (base.data[i] ? 255 : 0));

const extendsOps = (next: readonly MaskOp[], drawn: readonly MaskOp[]): boolean =>
  next.length >= drawn.length && drawn.every((op, i) => next[i] === op);

/**
 * How far the checkpoint trails the newest op: undo or redo within this many steps
 * redraws at most this many ops, however long the history.
 */
const CHECKPOINT_LAG = 16;

/** A 2D context on a new canvas of `size`. */
function surface(size: Size): Ctx {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas for the mask');
  return ctx;
}

/**
 * Writes every pixel of an empty surface once and leaves it empty. A new canvas's memory
 * is only given to it when first written, a page at a time: for 2048×2048 that is about
 * 40 ms, which would otherwise fall on the first op drawn (a wand click).
 */
function touch(ctx: Ctx): Ctx {
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  return ctx;
}

/** A bitmap of `base` plus the first `ops.length` ops: where a redraw starts. */
interface Checkpoint {
  ctx: Ctx;
  base: BaseMask | null;
  ops: MaskOp[];
}

/**
 * Whether `ops` over `base` continues the checkpoint, said over that base (across `bake`
 * if need be, which redraws nothing: the pixels are the same).
 */
function restateCheckpoint(
  cp: Checkpoint,
  base: BaseMask | null,
  ops: readonly MaskOp[],
  bake: Bake | null,
): boolean {
  const kept = restate(cp, base, bake);
  if (!kept || !extendsOps(ops, kept)) return false;
  if (cp.base !== base) {
    cp.base = base;
    cp.ops = [...kept];
  }
  return true;
}

/**
 * The committed mask as one bitmap at image resolution, so a frame costs one image draw
 * however long the history. A new op is drawn onto it once. Undo, redo and clear start
 * again from a checkpoint that trails the newest op by CHECKPOINT_LAG ops (or, when the
 * mask is not one of its continuations, from the base). A bake (old ops flattened into a
 * new base) changes no pixel: the bitmap and the checkpoint are restated across it, in
 * either direction, without drawing. The stroke under way is drawn live on top, not here.
 */
export class MaskBitmap {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: Ctx;
  private base: BaseMask | null = null;
  private ops: readonly MaskOp[] = [];
  private baseImage: { of: BaseMask; data: ImageData } | null = null;
  private checkpoint: Checkpoint | null = null;
  /** The checkpoint's surface, made and touched while the page was idle. */
  private spare: Ctx | null = null;

  constructor(readonly size: Size) {
    this.ctx = surface(size);
    this.canvas = this.ctx.canvas;
    whenIdle(() => {
      if (!this.base && this.ops.length === 0) touch(this.ctx);
      this.spare ??= touch(surface(size));
    });
  }

  /**
   * Brings the bitmap to `base` + `ops`; answers whether anything changed. `bake` is the
   * latest flattening, which may link the bitmap's base to the new one.
   */
  sync(base: BaseMask | null, ops: readonly MaskOp[], bake: Bake | null = null): boolean {
    if (base === this.base && ops === this.ops) return false;
    const drawn = restate({ base: this.base, ops: this.ops }, base, bake);
    if (drawn && extendsOps(ops, drawn)) {
      for (const op of ops.slice(drawn.length)) drawOp(this.ctx, op, this.size);
      this.advanceCheckpoint(base, ops, bake);
    } else {
      const from = this.checkpointFor(base, ops, bake);
      this.ctx.clearRect(0, 0, this.size.width, this.size.height);
      this.ctx.drawImage(from.ctx.canvas, 0, 0);
      for (const op of ops.slice(from.ops.length)) drawOp(this.ctx, op, this.size);
    }
    this.base = base;
    this.ops = ops;
    return true;
  }

  /** A checkpoint that `base` + `ops` continues, rebuilt from the base when there is none. */
  private checkpointFor(
    base: BaseMask | null,
    ops: readonly MaskOp[],
    bake: Bake | null,
  ): Checkpoint {
    const cp = this.checkpoint;
    if (cp && restateCheckpoint(cp, base, ops, bake)) return cp;
    const ctx = cp?.ctx ?? this.spare ?? surface(this.size);
    this.spare = null;
    ctx.clearRect(0, 0, this.size.width, this.size.height);
    if (base) {
      if (this.baseImage?.of !== base) this.baseImage = { of: base, data: baseImageData(base) };
      ctx.putImageData(this.baseImage.data, 0, 0);
    }
    // Twice the lag behind, so undoing further back stays cheap for a while too.
    const kept = ops.slice(0, Math.max(0, ops.length - 2 * CHECKPOINT_LAG));
    for (const op of kept) drawOp(ctx, op, this.size);
    this.checkpoint = { ctx, base, ops: kept };
    return this.checkpoint;
  }

  /**
   * Moves the checkpoint up behind new ops, two at most per change: it keeps up with
   * painting (or catches up after an undo) without a pause at any one stroke.
   */
  private advanceCheckpoint(base: BaseMask | null, ops: readonly MaskOp[], bake: Bake | null) {
    if (ops.length <= CHECKPOINT_LAG) return;
    const cp = this.checkpoint ?? this.checkpointFor(base, ops, bake);
    if (!restateCheckpoint(cp, base, ops, bake)) return;
    for (let n = 0; n < 2 && ops.length - cp.ops.length > CHECKPOINT_LAG; n++) {
      const op = ops[cp.ops.length];
      if (!op) break;
      drawOp(cp.ctx, op, this.size);
      cp.ops.push(op);
    }
  }
}
