import sharp from 'sharp';
import '../pixels/vips';
import type { HueBand } from './colour';
import { hueDelta, hueSector, rawHue } from './colour';
import { Rng } from '../pixels/prng';
import type { RawImage } from '../pixels/raw-image';

const GRAIN = 128;

/** Rasterises an SVG to packed RGB. */
export async function rasterize(svg: string): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * Makes a top half tile vertically: the lower half is its mirror image, so the bottom row meets the
 * top row again when tiled (a lake-reflection pattern). Left/right wrap comes from the plan itself.
 */
export function mirrorToHeight(top: RawImage, height: number): RawImage {
  const row = top.width * 3;
  const out = Buffer.alloc(row * height);
  top.data.copy(out, 0, 0, row * Math.min(top.height, height));
  for (let y = top.height; y < height; y++) {
    const src = Math.max(0, 2 * top.height - 1 - y);
    top.data.copy(out, y * row, src * row, (src + 1) * row);
  }
  return { data: out, width: top.width, height, channels: 3 };
}

/** Mono Gaussian-ish grain values, repeated every GRAIN cells. */
function grainTile(seed: number, amplitude: number): Int8Array {
  const rng = new Rng(seed);
  const tile = new Int8Array(GRAIN * GRAIN);
  for (let i = 0; i < tile.length; i++) tile[i] = Math.round(rng.gauss() * 2 * amplitude);
  return tile;
}

/** Vignette gain (x256) by squared normalised distance from the optical centre, LUT over 0..2. */
function vignetteLut(strength: number): Uint16Array {
  const lut = new Uint16Array(513);
  for (let i = 0; i < lut.length; i++) {
    const t = Math.sqrt((i / 512) * 2);
    const k = Math.min(1, Math.max(0, (t - 0.5) / 0.5));
    lut[i] = Math.round(256 * (1 - strength * k * k * (3 - 2 * k)));
  }
  return lut;
}

export interface FinishOptions {
  seed: number;
  /** Tiles get no vignette (it would break the wrap) and per-pixel grain (see finish). */
  tile: boolean;
  bands: readonly HueBand[];
}

/**
 * Film grain and vignette in one pass over the pixels (in place), then the --no guard. Grain comes
 * in 2x2 cells: it reads as film grain, dithers banding and costs PNG far less than per-pixel
 * noise. Tiles use 1x1 cells, because a seam always falls between cells while only half of all
 * interior neighbours do, which would make the wrap stand out.
 */
export function finish(img: RawImage, o: FinishOptions): RawImage {
  const { width: w, height: h } = img;
  const d = new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length);
  const grain = grainTile(o.seed, o.tile ? 1.2 : 1.6);
  const cell = o.tile ? 0 : 1;
  const lut = vignetteLut(o.tile ? 0 : 0.38);
  // Integer LUT indices (squared distance * 256) split into column and row terms.
  const ax = Int32Array.from({ length: w }, (_, x) =>
    Math.round((((x + 0.5) / w - 0.5) ** 2 / 0.5625) * 256),
  );
  const gx = Int32Array.from({ length: w }, (_, x) => (x >> cell) % GRAIN);
  for (let y = 0; y < h; y++) {
    const ay = Math.round((((y + 0.5) / h - 0.45) ** 2 / 0.5625) * 256);
    const grow = ((y >> cell) % GRAIN) * GRAIN;
    let i = y * w * 3;
    for (let x = 0; x < w; x++, i += 3) {
      const k = lut[Math.min(512, (ax[x] as number) + ay)] as number;
      const n = grain[grow + (gx[x] as number)] as number;
      d[i] = (((d[i] as number) * k) >> 8) + n;
      d[i + 1] = (((d[i + 1] as number) * k) >> 8) + n;
      d[i + 2] = (((d[i + 2] as number) * k) >> 8) + n;
    }
  }
  if (o.bands.length > 0) pushOutOfBands(img, o.bands);
  return img;
}

/**
 * Final guarantee for --no colours: the palette already steers clear, but blends, glows and grain
 * can drift back into a band. Such pixels get their hue moved just outside the band, losing
 * saturation the deeper inside they were, so the band's centre fades to grey without a hard seam.
 */
function pushOutOfBands(img: RawImage, bands: readonly HueBand[], margin = 8): void {
  const d = img.data;
  for (let i = 0; i < d.length; i += 3) {
    const r = d[i] ?? 0;
    const g = d[i + 1] ?? 0;
    const b = d[i + 2] ?? 0;
    const max = Math.max(r, g, b);
    const chroma = max - Math.min(r, g, b);
    if (chroma < 3) continue;
    const h = rawHue(r, g, b, max, chroma);
    for (const band of bands) {
      const lim = band.half + margin;
      const delta = hueDelta(h, band.center);
      if (Math.abs(delta) >= lim) continue;
      const hue = band.center + (delta >= 0 ? lim + 1 : -lim - 1);
      writeHsv(d, i, hue, (chroma / max) * (Math.abs(delta) / lim), max);
      break;
    }
  }
}

function writeHsv(d: Buffer, i: number, hue: number, s: number, v: number): void {
  const hp = (((hue % 360) + 360) % 360) / 60;
  const c = v * s;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const m = v - c;
  const [r, g, b] = hueSector(hp, c, x);
  d[i] = Math.round(r + m);
  d[i + 1] = Math.round(g + m);
  d[i + 2] = Math.round(b + m);
}
