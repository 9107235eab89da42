import type { Rgb } from './colour';
import { hex, mix } from './colour';
import type { Ctx } from './svg-doc';
import { n1 } from './svg-doc';
import { cloudDensity } from './backdrop';
import { Rng } from '../pixels/prng';
import type { OrbPlan, ScenePlan } from './plan';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

export function starLayer(c: Ctx, plan: ScenePlan): string {
  if (!plan.stars) return '';
  const { f } = c;
  const rng = new Rng(plan.stars.seed);
  const color = plan.palette.star;
  const parts: string[] = [];
  for (let i = 0; i < plan.stars.count; i++) {
    const u = rng.next();
    const v = Math.pow(rng.next(), 1.3) * plan.horizon * 0.97;
    const r = f.s(0.0005 + Math.pow(rng.next(), 4) * 0.0016);
    const op =
      (0.3 + rng.next() * 0.7) * (1 - (v / plan.horizon) * 0.6) * (1 - cloudDensity(plan, u, v));
    if (op < 0.05) continue;
    parts.push(
      `<circle cx="${n1(f.x(u))}" cy="${n1(f.y(v))}" r="${n1(Math.max(0.5, r))}" fill-opacity="${op.toFixed(2)}"/>`,
    );
  }
  return c.wrap(`<g fill="${hex(color)}">${parts.join('')}</g>`);
}

export function discLayer(c: Ctx, plan: ScenePlan): string {
  const d = plan.disc;
  if (!d) return '';
  const { f, doc } = c;
  const p = plan.palette;
  const cx = n1(f.x(d.u));
  const cy = n1(f.y(d.v));
  const r = f.s(d.r);
  const face = doc.radial(
    [
      { at: 0, color: p.guard(mix(p.disc, WHITE, d.kind === 'sun' ? 0.7 : 0.3)) },
      { at: 0.75, color: p.guard(mix(p.disc, WHITE, d.kind === 'sun' ? 0.35 : 0.1)) },
      { at: 1, color: p.disc },
    ],
    d.kind === 'sun' ? 0.5 : 0.4,
    d.kind === 'sun' ? 0.5 : 0.4,
  );
  // The halo is painted by the backdrop; only the crisp face is a vector.
  const veil = 1 - 0.85 * cloudDensity(plan, d.u, d.v);
  let xml = `<circle cx="${cx}" cy="${cy}" r="${n1(r)}" fill="${face}" fill-opacity="${veil.toFixed(2)}"/>`;
  if (d.kind === 'moon') xml += craters(c, d.u, d.v, r, p.skyTop);
  return c.wrap(xml);
}

function craters(c: Ctx, u: number, v: number, r: number, shade: Rgb): string {
  const rng = new Rng(Math.round(u * 1e6) ^ Math.round(v * 1e6));
  let xml = '';
  for (let i = 0; i < 6; i++) {
    const a = rng.next() * Math.PI * 2;
    const dist = rng.next() * r * 0.6;
    const cr = r * (0.08 + rng.next() * 0.18);
    xml += `<circle cx="${n1(c.f.x(u) + Math.cos(a) * dist)}" cy="${n1(c.f.y(v) + Math.sin(a) * dist)}" r="${n1(cr)}" fill="${hex(shade)}" fill-opacity="0.12"/>`;
  }
  return xml;
}

export function rainLayer(c: Ctx, plan: ScenePlan): string {
  if (!plan.clouds?.rain) return '';
  const { f } = c;
  const rng = new Rng(plan.clouds.seed ^ 0x9e37);
  let d = '';
  const slant = f.s(0.012);
  for (let i = 0; i < 260; i++) {
    const x = rng.next() * f.w;
    const y = rng.next() * f.h;
    const len = f.s(rng.range(0.02, 0.05));
    d += `M${n1(x)} ${n1(y)}l${n1(-slant)} ${n1(len)}`;
  }
  return c.wrap(
    `<path d="${d}" stroke="${hex(plan.palette.cloud)}" stroke-opacity="0.22" stroke-width="${n1(Math.max(1, f.s(0.0012)))}"/>`,
  );
}

export function orbLayer(c: Ctx, plan: ScenePlan): string {
  return c.wrap(plan.orbs.map((o) => orb(c, o, plan)).join(''));
}

function orb(c: Ctx, o: OrbPlan, plan: ScenePlan): string {
  const { f, doc } = c;
  const g = plan.palette.guard;
  const cx = n1(f.x(o.u));
  const cy = n1(f.y(o.v));
  const r = f.s(o.r);
  const body = doc.radial(
    [
      { at: 0, color: g(mix(o.color, WHITE, 0.45)) },
      { at: 0.5, color: o.color },
      { at: 1, color: g(mix(o.color, BLACK, 0.55)) },
    ],
    0.32,
    0.3,
  );
  const haze = doc.radial([
    { at: 0.6, color: o.color, opacity: 0.25 },
    { at: 1, color: o.color, opacity: 0 },
  ]);
  let xml = `<circle cx="${cx}" cy="${cy}" r="${n1(r * 1.5)}" fill="${haze}"/><circle cx="${cx}" cy="${cy}" r="${n1(r)}" fill="${body}"/>`;
  if (o.ring) {
    const ring = hex(g(mix(o.color, plan.palette.star, 0.5)));
    xml += `<ellipse cx="${cx}" cy="${cy}" rx="${n1(r * 1.9)}" ry="${n1(r * 0.42)}" transform="rotate(-14 ${cx} ${cy})" fill="none" stroke="${ring}" stroke-opacity="0.65" stroke-width="${n1(r * 0.12)}"/>`;
  }
  return xml;
}
