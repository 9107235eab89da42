import type { Rgb } from './colour';
import { hex, lighten, mix } from './colour';
import { fbm } from './noise';
import { Rng } from '../pixels/prng';
import type { OddityPlan, ScenePlan, StructurePlan } from './plan';
import { ridgeY } from './plan-land';
import type { Ctx } from './svg-doc';
import { n1 } from './svg-doc';

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

const lit = (plan: ScenePlan): boolean =>
  plan.palette.key === 'night' || plan.palette.key === 'dusk';

/** A lighthouse on a craggy rock, lamp lit, with two fading beams. */
export function lighthouse(c: Ctx, plan: ScenePlan, s: StructurePlan): string {
  const { f, doc } = c;
  const p = plan.palette;
  const rockTop = plan.horizon + (1 - plan.horizon) * 0.38;
  const half = 0.13 * s.scale;
  let rock = `M${n1(f.x(s.u - half * 1.4))} ${f.h}`;
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    const u = s.u - half * 1.4 + t * half * 2.6;
    const bump = fbm(u * 9, { seed: s.seed, cells: 1, octaves: 5, ridged: 0.8, wrap: false });
    const shoulder = Math.pow(Math.abs(t - 0.5) * 2, 2.2);
    const plateau = Math.abs(t - 0.5) < 0.08 ? 0.2 : 1;
    rock += `L${n1(f.x(u))} ${n1(f.y(rockTop + shoulder * (1 - rockTop) * 0.9 - bump * 0.08 * plateau))}`;
  }
  rock += `L${n1(f.x(s.u + half * 1.2))} ${f.h}Z`;
  const rockFill = doc.vertical(f.y(rockTop - 0.05), f.h, [
    { at: 0, color: p.guard(mix(p.landNear, p.haze, 0.4)) },
    { at: 0.3, color: p.guard(mix(p.landNear, p.haze, 0.15)) },
    { at: 1, color: p.guard(mix(p.landNear, BLACK, 0.4)) },
  ]);
  const foam = surf(c, plan, s, half);
  const x = f.x(s.u);
  const base = f.y(rockTop) + f.s(0.01);
  const th = f.s(0.34 * s.scale);
  const bw = f.s(0.026 * s.scale);
  const tw = f.s(0.017 * s.scale);
  const top = base - th;
  const body = p.guard(lit(plan) ? mix(p.landNear, p.haze, 0.45) : mix(p.haze, WHITE, 0.55));
  const band = p.signal;
  let tower = `<path d="M${n1(x - bw)} ${n1(base)}L${n1(x - tw)} ${n1(top)}L${n1(x + tw)} ${n1(top)}L${n1(x + bw)} ${n1(base)}Z" fill="${hex(body)}"/>`;
  for (let i = 0; i < 3; i++) {
    const y0 = base - th * (0.18 + i * 0.28);
    const y1 = y0 - th * 0.12;
    const w0 = bw + (tw - bw) * ((base - y0) / th);
    const w1 = bw + (tw - bw) * ((base - y1) / th);
    tower += `<path d="M${n1(x - w0)} ${n1(y0)}L${n1(x - w1)} ${n1(y1)}L${n1(x + w1)} ${n1(y1)}L${n1(x + w0)} ${n1(y0)}Z" fill="${hex(band)}"/>`;
  }
  const dark = hex(p.guard(mix(p.landNear, BLACK, 0.5)));
  const lampH = f.s(0.03 * s.scale);
  const lampY = top - lampH / 2;
  tower +=
    `<rect x="${n1(x - tw * 1.45)}" y="${n1(top - f.s(0.006))}" width="${n1(tw * 2.9)}" height="${n1(f.s(0.008))}" fill="${dark}"/>` +
    `<rect x="${n1(x - tw * 0.75)}" y="${n1(top - lampH)}" width="${n1(tw * 1.5)}" height="${n1(lampH)}" fill="${hex(p.lamp)}"/>` +
    `<path d="M${n1(x - tw)} ${n1(top - lampH)}L${n1(x)} ${n1(top - lampH - f.s(0.022))}L${n1(x + tw)} ${n1(top - lampH)}Z" fill="${dark}"/>`;
  const glow = doc.radial([
    { at: 0, color: p.lamp, opacity: 0.9 },
    { at: 0.25, color: p.lamp, opacity: 0.35 },
    { at: 1, color: p.lamp, opacity: 0 },
  ]);
  const beamOp = lit(plan) || p.key === 'overcast' ? 0.42 : 0.18;
  const beam = (dir: 1 | -1): string => {
    const fill = doc.horizontal(
      [
        { at: 0, color: p.lamp, opacity: beamOp },
        { at: 1, color: p.lamp, opacity: 0 },
      ],
      dir < 0,
    );
    const far = x + dir * f.w * 0.55;
    const spread = f.s(0.06);
    return `<path d="M${n1(x)} ${n1(lampY - f.s(0.004))}L${n1(far)} ${n1(lampY - spread)}L${n1(far)} ${n1(lampY + spread * 0.6)}L${n1(x)} ${n1(lampY + f.s(0.004))}Z" fill="${fill}"/>`;
  };
  const halo = `<circle cx="${n1(x)}" cy="${n1(lampY)}" r="${n1(f.s(0.09))}" fill="${glow}"/>`;
  return c.wrap(
    // Spray goes under the rock so only the part breaking around its flanks shows.
    beam(1) + beam(-1) + foam + `<path d="${rock}" fill="${rockFill}"/>` + tower + halo,
  );
}

/** Soft spray where the sea breaks on the rock's flanks; bigger in rough water. */
function surf(c: Ctx, plan: ScenePlan, s: StructurePlan, half: number): string {
  const { f, doc } = c;
  const rng = new Rng(s.seed ^ 0xf0a4);
  const rough = plan.water?.rough ?? 0.3;
  const white = plan.palette.guard(mix(plan.palette.haze, WHITE, 0.7));
  const fill = doc.radial([
    { at: 0, color: white, opacity: 0.35 + rough * 0.3 },
    { at: 0.6, color: white, opacity: 0.12 },
    { at: 1, color: white, opacity: 0 },
  ]);
  let xml = '';
  for (let i = 0; i < 5; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const u = s.u + side * half * rng.range(0.75, 1.15);
    const v = plan.horizon + (1 - plan.horizon) * rng.range(0.5, 0.85);
    const rx = f.s(rng.range(0.03, 0.06) * (0.6 + rough));
    xml += `<ellipse cx="${n1(f.x(u))}" cy="${n1(f.y(v))}" rx="${n1(rx)}" ry="${n1(rx * rng.range(0.35, 0.6))}" fill="${fill}"/>`;
  }
  return xml;
}

/** Skyline of blocks and spires standing on the horizon; windows glow after dark. */
export function city(c: Ctx, plan: ScenePlan, s: StructurePlan): string {
  const { f } = c;
  const p = plan.palette;
  const rng = new Rng(s.seed);
  const ground = f.y(plan.ridges[0]?.base ?? plan.horizon) + f.s(0.01);
  const span = 0.35 * s.scale;
  let u = s.u - span;
  let blocks = '';
  let windows = '';
  while (u < s.u + span) {
    const w = rng.range(0.018, 0.045);
    const centre = 1 - Math.abs(u + w / 2 - s.u) / span;
    const h = f.s(rng.range(0.04, 0.1) + centre * rng.range(0.05, 0.16)) * s.scale;
    const x0 = f.x(u);
    const x1 = f.x(u + w);
    blocks += `M${n1(x0)} ${n1(ground)}V${n1(ground - h)}H${n1(x1)}V${n1(ground)}Z`;
    if (rng.chance(0.25))
      blocks += `M${n1((x0 + x1) / 2 - 1)} ${n1(ground - h)}l1 ${n1(-f.s(0.03))}l1 ${n1(f.s(0.03))}Z`;
    const win = Math.max(1.5, f.s(0.004));
    for (let wy = ground - h + win * 2; wy < ground - win * 2; wy += win * 2.6) {
      for (let wx = x0 + win; wx < x1 - win * 1.5; wx += win * 2.2) {
        if (rng.chance(lit(plan) ? 0.45 : 0.15))
          windows += `M${n1(wx)} ${n1(wy)}h${n1(win)}v${n1(win * 1.3)}h${n1(-win)}Z`;
      }
    }
    u += w + rng.range(0, 0.006);
  }
  const body = p.guard(mix(mix(p.landFar, p.landNear, 0.55), p.haze, plan.fog * 0.3));
  const winColor = lit(plan) ? p.lamp : p.guard(lighten(body, 0.12));
  return c.wrap(
    `<path d="${blocks}" fill="${hex(body)}"/><path d="${windows}" fill="${hex(winColor)}" fill-opacity="0.85"/>`,
  );
}

/** Keep with towers, battlements and conical roofs, sitting on the second-nearest ridge. */
export function castle(c: Ctx, plan: ScenePlan, s: StructurePlan): string {
  const { f } = c;
  const p = plan.palette;
  const rng = new Rng(s.seed);
  const ridge = plan.ridges[Math.max(0, plan.ridges.length - 2)];
  if (!ridge) return '';
  const ground = f.y(ridgeY(ridge, s.u)) + f.s(0.02);
  const x = f.x(s.u);
  const unit = f.s(0.03 * s.scale);
  const rect = (x0: number, y0: number, w: number, h: number): string =>
    `M${n1(x0)} ${n1(y0)}h${n1(w)}v${n1(h)}h${n1(-w)}Z`;
  let walls = rect(x - unit * 3, ground - unit * 3, unit * 6, unit * 3 + f.s(0.02));
  for (let i = 0; i < 6; i++)
    walls += rect(x - unit * 3 + i * unit * 1.05, ground - unit * 3.45, unit * 0.5, unit * 0.5);
  let roofs = '';
  let windows = '';
  const towers = rng.int(2, 4);
  for (let i = 0; i < towers; i++) {
    const tx = x + (i / (towers - 1) - 0.5) * unit * 6.5;
    const th = unit * rng.range(4.5, 7.5);
    walls += rect(tx - unit * 0.7, ground - th, unit * 1.4, th);
    roofs += `M${n1(tx - unit * 0.95)} ${n1(ground - th)}L${n1(tx)} ${n1(ground - th - unit * 2.4)}L${n1(tx + unit * 0.95)} ${n1(ground - th)}Z`;
    windows += rect(tx - unit * 0.15, ground - th * 0.75, unit * 0.3, unit * 0.55);
  }
  windows += `M${n1(x - unit * 0.6)} ${n1(ground)}v${n1(-unit * 1.2)}a${n1(unit * 0.6)} ${n1(unit * 0.6)} 0 0 1 ${n1(unit * 1.2)} 0v${n1(unit * 1.2)}Z`;
  const body = p.guard(mix(mix(ridge.color, p.haze, 0.15), BLACK, 0.15));
  const roof = p.guard(mix(p.signal, ridge.color, 0.35));
  const glass = lit(plan) ? p.lamp : p.guard(mix(body, BLACK, 0.45));
  return c.wrap(
    `<path d="${walls}" fill="${hex(body)}"/><path d="${roofs}" fill="${hex(roof)}"/><path d="${windows}" fill="${hex(glass)}"/>`,
  );
}

export function oddityLayer(c: Ctx, plan: ScenePlan): string {
  return c.wrap(plan.oddities.map((o) => oddity(c, plan, o)).join(''));
}

function oddity(c: Ctx, plan: ScenePlan, o: OddityPlan): string {
  const { f } = c;
  const g = plan.palette.guard;
  const s = f.s(o.size);
  const col = hex(o.color);
  const dark = hex(g(mix(o.color, BLACK, 0.45)));
  const light = hex(g(mix(o.color, WHITE, 0.4)));
  const shapes: Record<OddityPlan['kind'], string> = {
    ring: `<circle r="${n1(s)}" fill="none" stroke="${col}" stroke-width="${n1(s * 0.22)}"/><circle r="${n1(s * 0.78)}" fill="none" stroke="${light}" stroke-width="${n1(s * 0.05)}"/>`,
    shard: `<path d="M0 ${n1(-s * 1.6)}L${n1(s * 0.35)} 0L0 ${n1(s * 1.6)}L${n1(-s * 0.35)} 0Z" fill="${col}"/><path d="M0 ${n1(-s * 1.6)}L${n1(s * 0.35)} 0L0 0Z" fill="${light}"/>`,
    eye: `<ellipse rx="${n1(s * 1.4)}" ry="${n1(s * 0.6)}" fill="${light}"/><circle r="${n1(s * 0.5)}" fill="${col}"/><circle r="${n1(s * 0.22)}" fill="${dark}"/>`,
    cube: `<path d="M0 ${n1(-s)}L${n1(s * 0.87)} ${n1(-s / 2)}L0 0L${n1(-s * 0.87)} ${n1(-s / 2)}Z" fill="${light}"/><path d="M${n1(-s * 0.87)} ${n1(-s / 2)}L0 0V${n1(s)}L${n1(-s * 0.87)} ${n1(s / 2)}Z" fill="${col}"/><path d="M${n1(s * 0.87)} ${n1(-s / 2)}L0 0V${n1(s)}L${n1(s * 0.87)} ${n1(s / 2)}Z" fill="${dark}"/>`,
    arch: `<path d="M${n1(-s)} 0A${n1(s)} ${n1(s)} 0 0 1 ${n1(s)} 0H${n1(s * 0.6)}A${n1(s * 0.6)} ${n1(s * 0.6)} 0 0 0 ${n1(-s * 0.6)} 0Z" fill="${col}"/>`,
  };
  return `<g transform="translate(${n1(f.x(o.u))} ${n1(f.y(o.v))}) rotate(${o.angle.toFixed(1)})">${shapes[o.kind]}</g>`;
}
