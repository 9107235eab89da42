import type { Rgb } from './colour';
import { hex, mix } from './colour';
import { Rng } from '../pixels/prng';
import type { RidgePlan, ScenePlan } from './plan';
import { ridgeY } from './plan-land';
import type { Ctx } from './svg-doc';
import { n1 } from './svg-doc';

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Polyline of a ridge's crest, sampled every few pixels across the frame. */
function crest(c: Ctx, r: RidgePlan): { d: string; top: number } {
  const { f } = c;
  const step = Math.max(2, Math.round(f.w / 300));
  let d = `M0 ${f.h}`;
  let top = f.h;
  for (let x = 0; x <= f.w + step - 1; x += step) {
    const px = Math.min(x, f.w);
    const y = f.y(ridgeY(r, f.u(px)));
    top = Math.min(top, y);
    d += `L${n1(px)} ${n1(y)}`;
  }
  return { d: `${d}L${f.w} ${f.h}Z`, top };
}

export function ridgeLayer(c: Ctx, plan: ScenePlan, k: number): string {
  const r = plan.ridges[k];
  if (!r) return '';
  const { f, doc } = c;
  const { d, top } = crest(c, r);
  const stops = [
    ...(r.rim ? [{ at: 0, color: r.rim }] : []),
    { at: r.rim ? 0.25 : 0, color: r.color },
    { at: 1, color: r.mist },
  ];
  const fill = doc.vertical(top, f.y(r.base + 0.12), stops);
  const id = `ridge${k}`;
  return `<path id="${id}" d="${d}" fill="${fill}"/>` + trees(c, plan, r, k);
}

/** Fir silhouettes standing on a ridge: stacked tiers read as conifers even when tiny. */
function trees(c: Ctx, plan: ScenePlan, r: RidgePlan, k: number): string {
  if (r.trees <= 0) return '';
  const { f } = c;
  const rng = new Rng(r.noise.seed ^ 0x7ee5);
  const near = k / Math.max(1, plan.ridges.length - 1);
  const count = Math.round(r.trees);
  let d = '';
  for (let i = 0; i < count; i++) {
    const u = (i + rng.next() * 0.9) / count;
    const x = f.x(u);
    const y = f.y(ridgeY(r, u)) + f.s(0.006);
    const h = f.s(rng.range(0.025, 0.06) * (0.55 + near * 0.7));
    const w = h * rng.range(0.28, 0.38);
    d +=
      `M${n1(x)} ${n1(y - h)}L${n1(x - w * 0.55)} ${n1(y - h * 0.5)}L${n1(x - w * 0.3)} ${n1(y - h * 0.5)}` +
      `L${n1(x - w)} ${n1(y)}L${n1(x + w)} ${n1(y)}L${n1(x + w * 0.3)} ${n1(y - h * 0.5)}L${n1(x + w * 0.55)} ${n1(y - h * 0.5)}Z`;
  }
  const color = plan.palette.guard(mix(r.color, BLACK, 0.25));
  return c.wrap(`<path d="${d}" fill="${hex(color)}"/>`);
}

/** A band of haze hugging the ground line between depth layers (atmospheric perspective). */
export function fogBand(c: Ctx, plan: ScenePlan, v: number, strength: number): string {
  if (strength <= 0.01) return '';
  const { f, doc } = c;
  const haze = plan.palette.haze;
  const fill = doc.vertical(f.y(v - 0.1), f.y(v + 0.08), [
    { at: 0, color: haze, opacity: 0 },
    { at: 0.7, color: haze, opacity: Math.min(0.85, strength) },
    { at: 1, color: haze, opacity: 0 },
  ]);
  return `<rect x="0" y="${n1(f.y(v - 0.1))}" width="${f.w}" height="${n1(f.y(v + 0.08) - f.y(v - 0.1))}" fill="${fill}"/>`;
}

export function waterLayer(c: Ctx, plan: ScenePlan): string {
  if (!plan.water) return '';
  const { f, doc } = c;
  const p = plan.palette;
  const hy = f.y(plan.horizon);
  const fill = doc.vertical(hy, f.h, [
    { at: 0, color: p.guard(mix(p.horizon, p.water, 0.45)) },
    { at: 0.25, color: p.water },
    { at: 1, color: p.waterDeep },
  ]);
  const clip = doc.id('below');
  doc.def(
    `<clipPath id="${clip}"><rect x="0" y="${n1(hy)}" width="${f.w}" height="${n1(f.h - hy)}"/></clipPath>`,
  );
  // Mirror the shoreline ridges in the water, faded, for a cheap but convincing reflection.
  const reflections = plan.ridges
    .map(
      (_, k) =>
        `<use href="#ridge${k}" xlink:href="#ridge${k}" transform="matrix(1 0 0 -1 0 ${n1(2 * hy)})" opacity="0.4"/>`,
    )
    .join('');
  return (
    `<rect x="0" y="${n1(hy)}" width="${f.w}" height="${n1(f.h - hy)}" fill="${fill}"/>` +
    `<g clip-path="url(#${clip})">${reflections}</g>` +
    glitter(c, plan) +
    waves(c, plan)
  );
}

/** The sun's (or moon's) broken reflection column on the water. */
function glitter(c: Ctx, plan: ScenePlan): string {
  const d = plan.disc;
  if (!d || !plan.water) return '';
  const { f } = c;
  const rng = new Rng(plan.water.seed ^ 0x51);
  const color = plan.palette.guard(
    mix(d.kind === 'sun' ? plan.palette.disc : plan.palette.star, WHITE, 0.3),
  );
  const rows = 70;
  let xml = '';
  for (let i = 0; i < rows; i++) {
    const t = Math.pow(i / rows, 1.5);
    const y = f.y(plan.horizon + (1 - plan.horizon) * t) + 1;
    const w = f.s(d.r) * (0.6 + t * 2.4) * rng.range(0.4, 1.3);
    const x = f.x(d.u) - w / 2 + (rng.next() - 0.5) * w * 0.6;
    const op = (1 - t) * rng.range(0.25, 0.7) * (1 - plan.water.rough * 0.4);
    xml += `<rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(1 + t * f.s(0.004))}" fill-opacity="${op.toFixed(2)}"/>`;
  }
  return c.wrap(`<g fill="${hex(color)}">${xml}</g>`);
}

/** Short arcs, denser and thinner toward the horizon to sell the perspective. */
function waves(c: Ctx, plan: ScenePlan): string {
  const w = plan.water;
  if (!w) return '';
  const { f } = c;
  const p = plan.palette;
  const rng = new Rng(w.seed);
  const count = Math.round(70 + w.rough * 160);
  let light = '';
  let dark = '';
  for (let i = 0; i < count; i++) {
    const t = Math.pow(rng.next(), 1.7);
    const y = f.y(plan.horizon + (1 - plan.horizon) * t) + 2;
    const x = rng.next() * f.w;
    const len = f.s(0.03 + t * 0.16) * rng.range(0.5, 1.4);
    const lift = f.s(0.001 + t * 0.008 * (0.3 + w.rough));
    const seg = `M${n1(x)} ${n1(y)}q${n1(len / 2)} ${n1(-lift)} ${n1(len)} 0`;
    if (rng.chance(0.55)) light += seg;
    else dark += `M${n1(x)} ${n1(y + lift * 0.6)}q${n1(len / 2)} ${n1(lift)} ${n1(len)} 0`;
  }
  const width = n1(Math.max(1, f.s(0.0018 + w.rough * 0.002)));
  const foam = p.guard(mix(p.haze, WHITE, w.rough * 0.35));
  const trough = p.guard(mix(p.waterDeep, BLACK, 0.3));
  return c.wrap(
    `<path d="${light}" fill="none" stroke="${hex(foam)}" stroke-opacity="${(0.25 + w.rough * 0.3).toFixed(2)}" stroke-width="${width}" stroke-linecap="round"/>` +
      `<path d="${dark}" fill="none" stroke="${hex(trough)}" stroke-opacity="0.35" stroke-width="${width}" stroke-linecap="round"/>`,
  );
}

export function flowerLayer(c: Ctx, plan: ScenePlan): string {
  const fl = plan.flowers;
  const near = plan.ridges[plan.ridges.length - 1];
  if (!fl || !near) return '';
  const { f } = c;
  const p = plan.palette;
  const rng = new Rng(fl.seed);
  const colors = [p.accent, p.accent2, p.lamp, p.guard(mix(p.star, p.accent, 0.2))];
  const groups = colors.map(() => '');
  for (let i = 0; i < fl.count; i++) {
    const u = rng.next();
    const ground = ridgeY(near, u) + 0.01;
    const t = Math.pow(rng.next(), 0.8);
    const v = ground + (1 - ground) * t;
    const r = f.s(0.0015 + t * 0.004) * rng.range(0.7, 1.3);
    const k = rng.int(0, colors.length - 1);
    groups[k] += `<circle cx="${n1(f.x(u))}" cy="${n1(f.y(v))}" r="${n1(r)}"/>`;
  }
  const xml = groups
    .map((g, k) => `<g fill="${hex(colors[k] ?? p.accent)}" fill-opacity="0.85">${g}</g>`)
    .join('');
  return c.wrap(xml);
}
