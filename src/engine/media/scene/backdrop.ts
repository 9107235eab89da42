import { zlibSync } from 'fflate';
import { crc32 } from 'node:zlib';
import type { Rgb } from './colour';
import { mix } from './colour';
import { fbm2 } from './noise';
import type { ScenePlan } from './plan';
import type { Ctx, Frame } from './svg-doc';

/*
 * The sky (gradient, glows, clouds) is all soft, low-frequency colour, which rsvg renders slowly
 * as big radial gradients. Painting it at quarter resolution in JS and letting rsvg upscale it as
 * an embedded image is ~10x faster and allows noise-based clouds that vectors cannot do cheaply.
 */

const SCALE = 4;

const smooth = (a: number, b: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

const cloudBandAt = (plan: ScenePlan, v: number): number =>
  smooth(0, 0.08, v) * smooth(plan.horizon * 0.98, plan.horizon * 0.55, v);

/** Cloud opacity (0..1) at a frame position; vectors use it to hide stars behind clouds. */
export function cloudDensity(plan: ScenePlan, u: number, v: number): number {
  const cl = plan.clouds;
  if (!cl) return 0;
  const n = fbm2(u, v, cl.seed, 2.5 * plan.aspect, 9, 5, plan.tile);
  return smooth(1 - cl.cover, 1.25 - cl.cover, n) * cloudBandAt(plan, v);
}

function skyRow(plan: ScenePlan, v: number): Rgb {
  const p = plan.palette;
  const t = Math.max(0, v / plan.horizon);
  const stops: readonly (readonly [number, Rgb])[] = [
    [0, p.skyTop],
    [0.35, mix(p.skyTop, p.skyMid, 0.6)],
    [0.65, p.skyMid],
    [0.88, mix(p.skyMid, p.horizon, 0.6)],
    [1, p.horizon],
  ];
  for (let i = 1; i < stops.length; i++) {
    const [a, ca] = stops[i - 1] ?? [0, p.skyTop];
    const [b, cb] = stops[i] ?? [1, p.horizon];
    if (t <= b) return mix(ca, cb, (t - a) / (b - a));
  }
  return p.horizon;
}

interface Light {
  u: number;
  v: number;
  /** Disc radius in size units (sqrt(w*h)), 0 when there is no disc. */
  r: number;
  halo: Rgb;
  haloStrength: number;
}

function lightOf(plan: ScenePlan): Light {
  const d = plan.disc;
  const p = plan.palette;
  if (!d) return { u: 0.5, v: plan.horizon, r: 0, halo: p.glow, haloStrength: 0 };
  return {
    u: d.u,
    v: d.v,
    r: d.r,
    halo: d.kind === 'sun' ? p.disc : p.star,
    haloStrength: d.kind === 'sun' ? 0.7 : 0.35,
  };
}

/**
 * Paints cols x rows cells plus a one-cell border all round: the border holds the true (for tiles,
 * wrapped) neighbours, so upscaling never clamps at the canvas edge and tile seams stay smooth.
 */
function paint(plan: ScenePlan, f: Frame, cols: number, rows: number): Uint8Array {
  const bw = cols + 2;
  const bh = rows + 2;
  const uAt = (i: number): number => f.view.u0 + ((i - 0.5) / cols) * f.view.du;
  const p = plan.palette;
  const out = new Uint8Array(bw * bh * 3);
  const light = lightOf(plan);
  const dark = plan.clouds?.dark ?? 0;
  const lit = mix(mix(p.cloud, p.glow, plan.glow * 0.5), p.cloudShade, dark * 0.6);
  const shade = mix(p.cloudShade, [0, 0, 0], dark * 0.35);
  const aspect = plan.aspect;
  const { glow, halo } = { glow: p.glow, halo: light.halo };
  // Scalars rather than Rgb tuples: this loop runs for every backdrop pixel.
  const blend = (o: number, k: number, c: Rgb): void => {
    out[o] = (out[o] ?? 0) + (c[0] - (out[o] ?? 0)) * k;
    out[o + 1] = (out[o + 1] ?? 0) + (c[1] - (out[o + 1] ?? 0)) * k;
    out[o + 2] = (out[o + 2] ?? 0) + (c[2] - (out[o + 2] ?? 0)) * k;
  };
  // Per-column terms of the separable glow falloff, computed once.
  const duOf = Float32Array.from({ length: bw }, (_, i) => {
    const du = uAt(i) - light.u;
    return plan.tile ? du - Math.round(du) : du;
  });
  const glowCol = duOf.map((du) => Math.exp(-((du * aspect) ** 2) / 0.1));
  for (let j = 0; j < bh; j++) {
    const v = f.view.v0 + ((j - 0.5) / rows) * f.view.dv;
    const row = skyRow(plan, v);
    const band = plan.clouds ? cloudBandAt(plan, v) : 0;
    const dv = v - light.v;
    const glowRow = plan.glow * 0.85 * Math.exp(-(dv * dv) / 0.1);
    const dy = (dv * f.h) / f.unit;
    // The halo fades below 1/255 within ~8 radii; skip the exp beyond that.
    const haloOn = light.haloStrength > 0 && Math.abs(dy) < light.r * 9;
    for (let i = 0; i < bw; i++) {
      const du = duOf[i] ?? 0;
      const wide = glowRow * (glowCol[i] ?? 0);
      let haloK = 0;
      if (haloOn) {
        const dist = Math.hypot((du * f.w) / f.unit, dy);
        if (dist < light.r * 9)
          haloK = light.haloStrength * Math.exp(-Math.max(0, dist - light.r) / (light.r * 1.4));
      }
      const r = row[0] + (glow[0] - row[0]) * wide;
      const g = row[1] + (glow[1] - row[1]) * wide;
      const b = row[2] + (glow[2] - row[2]) * wide;
      const o = (j * bw + i) * 3;
      out[o] = r + (halo[0] - r) * haloK;
      out[o + 1] = g + (halo[1] - g) * haloK;
      out[o + 2] = b + (halo[2] - b) * haloK;
      if (band > 0) {
        const density = cloudDensity(plan, uAt(i), v);
        if (density > 0) {
          const k = Math.min(1, density) * (0.25 + 0.5 * dark);
          blend(o, Math.min(0.95, density * 1.3), mix(lit, shade, k));
        }
      }
    }
  }
  return out;
}

/**
 * Minimal RGB PNG writer: rsvg needs an encoded image and sharp's encoder is async. It
 * compresses with fflate, not node:zlib: this runs on a media worker thread, and an abort
 * that ends the thread during a zlib call would abort the whole engine.
 */
export function encodeRgbPng(w: number, h: number, rgb: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const stride = w * 3;
  const rows = Buffer.alloc((stride + 1) * h);
  for (let y = 0; y < h; y++)
    rows.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from(zlibSync(rows, { level: 1 }))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function backdropLayer(c: Ctx, plan: ScenePlan): string {
  const { f } = c;
  const cols = Math.max(2, Math.ceil(f.w / SCALE));
  const rows = Math.max(2, Math.ceil(f.h / SCALE));
  const png = encodeRgbPng(cols + 2, rows + 2, paint(plan, f, cols, rows));
  const cw = f.w / cols;
  const ch = f.h / rows;
  const box = `x="${-cw}" y="${-ch}" width="${f.w + 2 * cw}" height="${f.h + 2 * ch}"`;
  return `<image ${box} preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
}
