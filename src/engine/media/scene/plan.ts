import type { ColourIntent, Rgb } from './colour';
import type { Genome } from './genes';
import type { FbmOptions } from './noise';
import type { Palette } from './palette';
import type { Features, Tag } from './prompt-features';

/*
 * A ScenePlan is the resolution-independent description of one image: every random decision
 * is made when it is planned (planScene), so renderers are pure drawing code and future
 * operations (variation, remix, pan, inpaint) can re-plan or re-render without re-deciding.
 * Positions are frame units: u across the width, v down the height, both 0..1; sizes are
 * fractions of sqrt(width * height).
 */

export type Terrain = 'mountains' | 'hills' | 'dunes' | 'plains' | 'sea';

export interface RidgePlan {
  /** Mean ground line (v). */
  base: number;
  /** Height of the tallest crest above base (v). */
  amp: number;
  noise: FbmOptions;
  phase: number;
  /** 0 = continuous land; otherwise only crests above this noise level rise (islands). */
  island: number;
  color: Rgb;
  mist: Rgb;
  rim: Rgb | null;
  trees: number;
}

export interface DiscPlan {
  kind: 'sun' | 'moon';
  u: number;
  v: number;
  r: number;
}

type StructureKind = 'lighthouse' | 'city' | 'castle';
export interface StructurePlan {
  kind: StructureKind;
  u: number;
  scale: number;
  seed: number;
}

export interface OrbPlan {
  u: number;
  v: number;
  r: number;
  color: Rgb;
  ring: boolean;
}

export type OddityKind = 'ring' | 'shard' | 'eye' | 'cube' | 'arch';
export interface OddityPlan {
  kind: OddityKind;
  u: number;
  v: number;
  size: number;
  angle: number;
  color: Rgb;
}

export interface ScenePlan {
  /** width / height of the frame the plan was made for (renderers may show only part of it). */
  aspect: number;
  tile: boolean;
  palette: Palette;
  terrain: Terrain;
  horizon: number;
  glow: number;
  disc: DiscPlan | null;
  stars: { seed: number; count: number } | null;
  /** cover: fraction of the sky band under cloud; dark: 0 fair weather .. 1 storm. */
  clouds: { seed: number; cover: number; dark: number; rain: boolean } | null;
  ridges: RidgePlan[];
  water: { seed: number; rough: number } | null;
  structures: StructurePlan[];
  flowers: { seed: number; count: number } | null;
  orbs: OrbPlan[];
  oddities: OddityPlan[];
  fog: number;
  /** 0..1 from --stylize: finer outlines, more stars and trees. */
  detail: number;
}

export interface PlanInput {
  features: Features;
  intent: ColourIntent;
  genome: Genome;
  /** width / height of the canvas being planned. */
  aspect: number;
  tile: boolean;
  stylize: number;
  weird: number;
}

/** What the sub-planners share: the genome, the prompt's tags and the canvas. */
export interface PlanContext {
  g: Genome;
  has: (t: Tag) => boolean;
  banned: ReadonlySet<Tag>;
  aspect: number;
  tile: boolean;
  /** 0..1 from --stylize. */
  detail: number;
}
