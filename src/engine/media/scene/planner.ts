import { FLAG_RANGES } from '@/contract/prompt-flags';
import type { Genome } from './genes';
import type { Key } from './palette';
import { buildPalette } from './palette';
import type { DiscPlan, PlanContext, PlanInput, ScenePlan, StructurePlan, Terrain } from './plan';
import { ridgePlans } from './plan-land';
import { oddityPlans, orbPlans, structurePlans } from './plan-props';
import type { Tag } from './prompt-features';

/* Makes a ScenePlan (plan.ts) from a prompt's features, colour intent and genome. */

type Has = PlanContext['has'];

function chooseKey(has: Has, g: Genome): Key {
  if (has('night')) return 'night';
  if (has('dusk')) return 'dusk';
  if (has('storm') || has('fog')) return 'overcast';
  if (has('day')) return 'day';
  return g.pick('key', ['dusk', 'day', 'night', 'dusk', 'day', 'overcast'] as const);
}

function chooseTerrain(has: Has, g: Genome): Terrain {
  const named = (['mountains', 'dunes', 'hills', 'plains'] as const).find(has);
  if (named) return named;
  if (has('water')) return 'sea';
  // Skylines read best over open ground or water, not behind peaks.
  if (has('city')) return g.pick('terrain', ['hills', 'plains', 'sea'] as const);
  return g.pick('terrain', ['mountains', 'hills', 'dunes', 'sea', 'mountains', 'hills'] as const);
}

const HORIZON: Readonly<Record<Terrain, readonly [number, number]>> = {
  mountains: [0.56, 0.7],
  hills: [0.55, 0.68],
  dunes: [0.58, 0.7],
  plains: [0.6, 0.72],
  sea: [0.5, 0.64],
};

function discPlan(
  has: Has,
  banned: ReadonlySet<Tag>,
  key: Key,
  horizon: number,
  g: Genome,
): DiscPlan | null {
  const wanted = has('moon') ? 'moon' : has('sun') ? 'sun' : null;
  const implicit =
    key === 'night' ? 'moon' : key === 'overcast' ? null : g.chance('disc', 0.75) ? 'sun' : null;
  const kind = wanted ?? implicit;
  if (!kind || banned.has(kind)) return null;
  const v = has('high-sun')
    ? g.range('disc.v', 0.1, 0.2)
    : has('low-sun')
      ? horizon - g.range('disc.v', 0.03, 0.13)
      : g.range('disc.v', 0.14, horizon - 0.12);
  const r = kind === 'sun' ? g.range('disc.r', 0.045, 0.075) : g.range('disc.r', 0.035, 0.055);
  return { kind, u: g.range('disc.u', 0.16, 0.84), v, r };
}

function cloudPlan(has: Has, key: Key, g: Genome): ScenePlan['clouds'] {
  const seed = g.seed('clouds');
  if (has('storm'))
    return { seed, cover: g.range('clouds.cover', 0.7, 0.85), dark: 0.85, rain: true };
  if (has('clouds') || key === 'overcast')
    return { seed, cover: g.range('clouds.cover', 0.5, 0.65), dark: 0.4, rain: false };
  const p = key === 'day' ? 0.6 : key === 'dusk' ? 0.55 : 0.3;
  return g.chance('clouds', p)
    ? { seed, cover: g.range('clouds.cover', 0.25, 0.45), dark: 0.1, rain: false }
    : null;
}

/** Keeps the sun or moon from hiding behind a lighthouse by moving it to the open side. */
function clearOf(disc: DiscPlan | null, structures: readonly StructurePlan[]): DiscPlan | null {
  const tower = structures.find((s) => s.kind === 'lighthouse');
  if (!disc || !tower || Math.abs(disc.u - tower.u) >= 0.2) return disc;
  const u = tower.u < 0.5 ? Math.max(disc.u, tower.u + 0.25) : Math.min(disc.u, tower.u - 0.25);
  return { ...disc, u };
}

export function planScene(p: PlanInput): ScenePlan {
  const g = p.genome;
  const { tags, banned } = p.features;
  const has: Has = (t) => tags.has(t);
  const detail = Math.min(1, Math.max(0, p.stylize / FLAG_RANGES.stylize.max));
  const ctx: PlanContext = { g, has, banned, aspect: p.aspect, tile: p.tile, detail };
  const key = chooseKey(has, g);
  const palette = buildPalette(p.intent, key, g, p.weird, p.stylize);
  const terrain = chooseTerrain(has, g);
  const [lo, hi] = HORIZON[terrain];
  const horizon = g.range('horizon', lo, hi);
  const fog = has('fog') ? 0.7 : has('storm') ? 0.45 : g.range('fog', 0, 0.25);
  const water = terrain === 'sea' || has('water');
  const starry = (has('stars') || key === 'night') && !banned.has('stars');
  const flowers =
    has('flowers') || (terrain === 'hills' && key === 'day' && g.chance('flowers', 0.3));
  const structures = structurePlans(ctx, terrain);
  return {
    aspect: p.aspect,
    tile: p.tile,
    palette,
    terrain,
    horizon,
    glow: { night: 0.3, dusk: 0.8, day: 0.45, overcast: 0.15 }[key],
    disc: clearOf(discPlan(has, banned, key, horizon, g), structures),
    stars: starry
      ? { seed: g.seed('stars'), count: Math.round((140 + detail * 160) * p.aspect) }
      : null,
    clouds: banned.has('clouds') ? null : cloudPlan(has, key, g),
    ridges: ridgePlans(ctx, terrain, horizon, palette, fog),
    water: water
      ? {
          seed: g.seed('water'),
          rough:
            has('storm') || has('waves') ? 0.9 : has('calm') ? 0.15 : g.range('rough', 0.25, 0.55),
        }
      : null,
    structures,
    flowers:
      flowers && !banned.has('flowers') && !water
        ? { seed: g.seed('flowers'), count: Math.round(160 * p.aspect) }
        : null,
    orbs: orbPlans(ctx, palette),
    oddities: oddityPlans(ctx, p.weird, palette),
    fog,
    detail,
  };
}
