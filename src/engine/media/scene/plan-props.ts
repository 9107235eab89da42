import { FLAG_RANGES } from '@/contract/prompt-flags';
import { mix, rotate } from './colour';
import type { Palette } from './palette';
import type { OddityKind, OddityPlan, OrbPlan, PlanContext, StructurePlan, Terrain } from './plan';

/* Built things, floating spheres and --weird oddities placed over the landscape. */

export function structurePlans(p: PlanContext, terrain: Terrain): StructurePlan[] {
  const { g, has } = p;
  const out: StructurePlan[] = [];
  const side = g.chance('struct.side', 0.5);
  if (has('lighthouse')) {
    out.push({
      kind: 'lighthouse',
      // Tiles keep its big rock off the wrap line, where a hard edge would read as a seam.
      u: p.tile
        ? g.range('lh.u', 0.35, 0.65)
        : side
          ? g.range('lh.u', 0.14, 0.3)
          : g.range('lh.u', 0.7, 0.86),
      scale: g.range('lh.s', 0.9, 1.1),
      seed: g.seed('lh'),
    });
  }
  if (has('city'))
    out.push({
      kind: 'city',
      u: g.range('city.u', 0.35, 0.65),
      scale: g.range('city.s', 0.8, 1.2),
      seed: g.seed('city'),
    });
  if (has('castle') && terrain !== 'sea') {
    out.push({
      kind: 'castle',
      u: side ? g.range('castle.u', 0.55, 0.8) : g.range('castle.u', 0.2, 0.45),
      scale: g.range('castle.s', 0.85, 1.15),
      seed: g.seed('castle'),
    });
  }
  return out;
}

export function orbPlans(p: PlanContext, pal: Palette): OrbPlan[] {
  const { g, has } = p;
  const orbs: OrbPlan[] = [];
  if (has('planet')) {
    orbs.push({
      u: g.range('planet.u', 0.2, 0.8),
      v: g.range('planet.v', 0.16, 0.32),
      r: g.range('planet.r', 0.09, 0.16),
      color: pal.accent2,
      ring: g.chance('planet.ring', 0.6),
    });
  }
  if (has('bubbles')) {
    const n = g.int('bubbles.n', 6, 14);
    for (let i = 0; i < n; i++) {
      const color = pal.guard(mix(pal.accent, pal.accent2, g.u(`bubble${i}.c`)));
      orbs.push({
        u: g.u(`bubble${i}.u`),
        v: g.range(`bubble${i}.v`, 0.05, 0.85),
        r: g.range(`bubble${i}.r`, 0.015, 0.07),
        color,
        ring: false,
      });
    }
  }
  return orbs;
}

const ODD_KINDS: readonly OddityKind[] = ['ring', 'shard', 'eye', 'cube', 'arch'];

/** --weird: the count, size and hue spread of out-of-place shapes all grow with the value. */
export function oddityPlans(p: PlanContext, weird: number, pal: Palette): OddityPlan[] {
  const { g } = p;
  const w = Math.min(1, weird / FLAG_RANGES.weird.max);
  const count = weird <= 0 ? 0 : 1 + Math.floor(w * 9);
  const out: OddityPlan[] = [];
  for (let i = 0; i < count; i++) {
    const k = `odd${i}`;
    const spin = g.range(`${k}.hue`, -1, 1) * 180 * w;
    const color = pal.guard(mix(pal.accent2, pal.glow, g.u(`${k}.mix`)));
    out.push({
      kind: g.pick(`${k}.kind`, ODD_KINDS),
      u: g.range(`${k}.u`, 0.08, 0.92),
      v: g.range(`${k}.v`, 0.08, 0.85),
      size: g.range(`${k}.size`, 0.025, 0.06) * (1 + w * 0.7),
      angle: g.range(`${k}.angle`, -180, 180),
      color: pal.guard(rotate(color, spin)),
    });
  }
  return out;
}
