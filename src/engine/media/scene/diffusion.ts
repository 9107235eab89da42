import { FLAG_RANGES } from '@/contract/prompt-flags';
import { finish, mirrorToHeight, rasterize } from './finish';
import { encodePng, gridPng } from '../pixels/raw-image';
import type { RawImage } from '../pixels/raw-image';
import { Genome } from './genes';
import type { ColourIntent } from './colour';
import { readColourIntent } from './colour';
import { fnv1a, mix32 } from '../pixels/prng';
import type { Features } from './prompt-features';
import { readFeatures } from './prompt-features';
import { planScene } from './planner';
import { sceneSvg } from './svg';

export interface DiffusionSpec {
  /** The prompt words without --flags, e.g. "a lighthouse in a storm". */
  text: string;
  /** --seed, unsigned 32-bit. */
  seed: number;
  /** From --ar, e.g. {w:16,h:9}; default 1:1. */
  aspect: { w: number; h: number };
  /** --chaos, within its FLAG_RANGES range: how different the images are from each other. */
  chaos?: number;
  /** --stylize, within its FLAG_RANGES range; default 100. */
  stylize?: number;
  /** --weird, within its FLAG_RANGES range; default 0. */
  weird?: number;
  /** Words from --no; colours named here must not appear. */
  no?: string[];
  /** --tile: seamless tile. */
  tile?: boolean;
  /** Images to make; default 4. */
  count?: number;
  /** Long side of each image in px; default 1024. */
  longSide?: number;
}

/** PNG buffers; width/height are of ONE image. */
export interface RenderedGrid {
  images: Buffer[];
  grid: Buffer;
  width: number;
  height: number;
}

/** How far (in gene units) siblings wander from the shared composition even at --chaos 0. */
const SIBLING_JITTER = 0.05;

export function imageSize(
  aspect: { w: number; h: number },
  longSide: number,
): { width: number; height: number } {
  const w = aspect.w > 0 ? aspect.w : 1;
  const h = aspect.h > 0 ? aspect.h : 1;
  if (w >= h) return { width: longSide, height: Math.max(1, Math.round((longSide * h) / w)) };
  return { width: Math.max(1, Math.round((longSide * w) / h)), height: longSide };
}

/** Clamps an optional numeric flag, treating missing or non-finite values as the default. */
const flag = (
  v: number | undefined,
  fallback: number,
  { min, max }: { min: number; max: number },
): number => (v !== undefined && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback);

/** Normalised prompt, so spacing and case do not change the picture. */
const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

interface Job {
  features: Features;
  intent: ColourIntent;
  baseSeed: number;
  chaos: number;
  stylize: number;
  weird: number;
  tile: boolean;
  width: number;
  height: number;
}

/** Genome of image i: the shared base blended toward its own by chaos, plus sibling jitter. */
function imageGenome(baseSeed: number, index: number, chaos: number): Genome {
  return new Genome({
    base: baseSeed,
    alt: mix32(baseSeed, index + 1),
    blend: chaos,
    jitterSeed: mix32(baseSeed ^ 0xa5a5a5a5, index + 1),
    jitter: SIBLING_JITTER,
  });
}

async function renderOne(job: Job, index: number): Promise<RawImage> {
  // Tiles are planned as the top half and mirrored, which makes them wrap vertically.
  const planHeight = job.tile ? Math.ceil(job.height / 2) : job.height;
  const plan = planScene({
    features: job.features,
    intent: job.intent,
    genome: imageGenome(job.baseSeed, index, job.chaos),
    aspect: job.width / planHeight,
    tile: job.tile,
    stylize: job.stylize,
    weird: job.weird,
  });
  let raw = await rasterize(sceneSvg(plan, job.width, planHeight));
  if (job.tile) raw = mirrorToHeight(raw, job.height);
  return finish(raw, {
    seed: mix32(job.baseSeed, 0x6a09 + index),
    tile: job.tile,
    bands: job.intent.bands,
  });
}

export async function renderDiffusion(spec: DiffusionSpec): Promise<RenderedGrid> {
  const count = Math.floor(flag(spec.count, 4, { min: 1, max: 64 }));
  const longSide = Math.floor(flag(spec.longSide, 1024, { min: 16, max: 8192 }));
  const { width, height } = imageSize(spec.aspect, longSide);
  const text = normalise(spec.text);
  const no = spec.no ?? [];
  const job: Job = {
    features: readFeatures(text, no),
    intent: readColourIntent(text, no),
    baseSeed: mix32(spec.seed >>> 0, fnv1a(text)),
    chaos: flag(spec.chaos, 0, FLAG_RANGES.chaos) / FLAG_RANGES.chaos.max,
    stylize: flag(spec.stylize, 100, FLAG_RANGES.stylize),
    weird: flag(spec.weird, 0, FLAG_RANGES.weird),
    tile: spec.tile ?? false,
    width,
    height,
  };
  // Encode each image as soon as it is ready; the grid (the longest single encode) follows.
  const raws = Array.from({ length: count }, (_, i) => renderOne(job, i));
  const [images, grid] = await Promise.all([
    Promise.all(raws.map((r) => r.then(encodePng))),
    Promise.all(raws).then(gridPng),
  ]);
  return { images, grid, width, height };
}
