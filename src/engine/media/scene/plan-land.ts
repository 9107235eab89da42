import { lighten, mix } from './colour';
import { fbm } from './noise';
import type { Palette } from './palette';
import type { PlanContext, RidgePlan, Terrain } from './plan';

/*
 * Depth layers of land. Far layers are tall, pale and hazy; near ones low, dark and, by
 * perspective, more undulating on screen. Outlines are noise, periodic across the frame in tile mode.
 */

/** Ground height (v) of a ridge at frame position u. */
export function ridgeY(r: RidgePlan, u: number): number {
  const n = fbm(u + r.phase, r.noise);
  const h = r.island > 0 ? Math.max(0, (n - r.island) / (1 - r.island)) : n;
  return r.base - r.amp * h;
}

/** Crest heights (v) of the farthest and nearest layer. */
const AMPLITUDE: Readonly<Record<Terrain, readonly [number, number]>> = {
  mountains: [0.3, 0.16],
  hills: [0.07, 0.13],
  dunes: [0.06, 0.12],
  plains: [0.03, 0.06],
  sea: [0.07, 0.07],
};

export function ridgePlans(
  p: PlanContext,
  terrain: Terrain,
  horizon: number,
  pal: Palette,
  fog: number,
): RidgePlan[] {
  const { g, has } = p;
  const water = terrain === 'sea' || has('water');
  const count = terrain === 'sea' ? 1 : terrain === 'mountains' ? 4 + Math.round(p.detail) : 4;
  const forest =
    has('trees') ||
    ((terrain === 'hills' || terrain === 'mountains') &&
      !p.banned.has('trees') &&
      g.chance('trees', 0.35));
  const ridges: RidgePlan[] = [];
  const [farAmp, nearAmp] = AMPLITUDE[terrain];
  for (let k = 0; k < count; k++) {
    const d = count === 1 ? 0 : k / (count - 1);
    const key = `ridge${k}`;
    const mountain = terrain === 'mountains';
    // Nearer layers sit lower and, by perspective, undulate more on screen.
    const sink = water ? 0.004 : (1 - horizon) * (0.02 + 0.72 * Math.pow(d, 1.2));
    const amp = farAmp + (nearAmp - farAmp) * d;
    const color = pal.guard(mix(pal.landFar, pal.landNear, Math.pow(d, 0.8)));
    ridges.push({
      base: horizon + sink,
      amp: amp * g.range(`${key}.amp`, 0.75, 1.2) * (water ? 1 - d * 0.6 : 1),
      noise: {
        seed: g.seed(`${key}.seed`),
        cells:
          (mountain ? 2 + k : terrain === 'dunes' ? 1 + k * 0.6 : 1.5 + k * 0.7) *
          p.aspect *
          g.range(`${key}.cells`, 0.8, 1.3),
        octaves: (mountain ? 5 : terrain === 'plains' ? 4 : 3) + Math.round(p.detail * 2),
        ridged: mountain ? 0.9 - d * 0.5 : terrain === 'dunes' ? 0.45 : 0,
        wrap: p.tile,
      },
      phase: g.range(`${key}.phase`, 0, 0.3),
      island: terrain === 'sea' ? g.range('island', 0.45, 0.62) : 0,
      color,
      mist: pal.guard(mix(color, pal.haze, 0.3 + fog * 0.5)),
      rim: !mountain
        ? null
        : has('snow')
          ? pal.guard(mix(color, pal.star, 0.8))
          : pal.guard(lighten(color, pal.key === 'night' ? 0.05 : 0.14)),
      trees:
        forest && k >= count - 2
          ? (30 + p.detail * 30) * p.aspect * g.range(`${key}.trees`, 0.8, 1.2)
          : 0,
    });
  }
  return ridges;
}
