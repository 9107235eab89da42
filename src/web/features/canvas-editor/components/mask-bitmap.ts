import type { Size } from '../geometry/points';
import { shapeOutline } from '../mask/grid';
import type { BaseMask, MaskOp } from '../model/document';

const MASK_RGB = [244, 63, 94] as const;
export const MASK_COLOR = `rgb(${MASK_RGB.join(',')})`;

type Ctx = CanvasRenderingContext2D;

function drawOp(ctx: Ctx, op: MaskOp, image: Size): void {
  ctx.save();
  ctx.fillStyle = MASK_COLOR;
  ctx.strokeStyle = MASK_COLOR;
  if (op.type === 'invert') {
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
function baseImageData(base: BaseMask): ImageData {
  const img = new ImageData(base.width, base.height);
  const px = new Uint32Array(img.data.buffer);
  const [r, g, b] = MASK_RGB;
  // Little-endian RGBA in one 32-bit word.
  const on = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  for (let i = 0; i < base.data.length; i++) if (base.data[i]) px[i] = on;
  return img;
}

const extendsOps = (next: readonly MaskOp[], drawn: readonly MaskOp[]): boolean =>
  next.length >= drawn.length && drawn.every((op, i) => next[i] === op);

/**
 * The committed mask as one bitmap at image resolution, so a frame costs one image draw
 * however long the history. A new op is drawn onto it once; undo, redo, clear and a bake
 * redraw it from the base. The stroke under way is drawn live on top, not here.
 */
export class MaskBitmap {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: Ctx;
  private base: BaseMask | null = null;
  private ops: readonly MaskOp[] = [];
  private baseImage: { of: BaseMask; data: ImageData } | null = null;

  constructor(readonly size: Size) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas for the mask');
    this.ctx = ctx;
  }

  /** Brings the bitmap to `base` + `ops`; answers whether anything changed. */
  sync(base: BaseMask | null, ops: readonly MaskOp[]): boolean {
    if (base === this.base && ops === this.ops) return false;
    if (base === this.base && extendsOps(ops, this.ops)) {
      for (const op of ops.slice(this.ops.length)) drawOp(this.ctx, op, this.size);
    } else {
      this.redraw(base, ops);
    }
    this.base = base;
    this.ops = ops;
    return true;
  }

  private redraw(base: BaseMask | null, ops: readonly MaskOp[]): void {
    this.ctx.clearRect(0, 0, this.size.width, this.size.height);
    if (base) {
      if (this.baseImage?.of !== base) this.baseImage = { of: base, data: baseImageData(base) };
      this.ctx.putImageData(this.baseImage.data, 0, 0);
    }
    for (const op of ops) drawOp(this.ctx, op, this.size);
  }
}
