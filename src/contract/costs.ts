import type { OperationName } from './operations';
import { hasFlag, parsePrompt, speedOf, type ParsedPrompt, type Speed } from './prompt-flags';
import { codeOf, UPSCALE_MODES, VIDEO_RESOLUTIONS } from './requests/choices';

/**
 * The price list of docs/service-interface.md#costs, in points (1 USD = 1000), frozen at create.
 * `turbo` is null where the service offers no turbo price: the speed flag does not apply
 * there. The engine charges by it; the studio shows it as an estimate.
 */
const PRICES: Record<OperationName, { fast: number; turbo: number | null }> = {
  diffusion: { fast: 80, turbo: 160 },
  variation: { fast: 120, turbo: 240 },
  upscale: { fast: 120, turbo: 240 },
  inpaint: { fast: 120, turbo: 240 },
  remix: { fast: 120, turbo: 240 },
  edit: { fast: 120, turbo: 240 },
  retexture: { fast: 120, turbo: 240 },
  'upload-paint': { fast: 120, turbo: 240 },
  pan: { fast: 80, turbo: 160 },
  outpaint: { fast: 80, turbo: 160 },
  'remove-background': { fast: 80, turbo: 160 },
  enhance: { fast: 80, turbo: 160 },
  reroll: { fast: 80, turbo: 160 },
  blend: { fast: 80, turbo: null },
  describe: { fast: 20, turbo: null },
  shorten: { fast: 20, turbo: null },
  'video-diffusion': { fast: 480, turbo: 960 },
  'extend-video': { fast: 480, turbo: 960 },
  'video-upscale': { fast: 480, turbo: 960 },
  'enhance-upscale': { fast: 120, turbo: null },
};

/** 720p video costs 1536 fast and 3072 turbo instead of 480 and 960. */
const VIDEO_720P = { fast: 1536, turbo: 3072 };
const UPSCALE_CREATIVE = { fast: 160, turbo: 320 };
const ENHANCE_UPSCALE_4K_PLUS = 160;
const CREATIVE_UPSCALE = codeOf(UPSCALE_MODES, 'creative');
const VIDEO_720P_TYPE = codeOf(VIDEO_RESOLUTIONS, '720p');
const HIGH_RESOLUTIONS: ReadonlySet<string> = new Set(['4K', '6K', '8K', '12K']);

export interface CostQuery {
  operation: OperationName;
  speed: Speed;
  /** `--draft --v 7` diffusion costs half. */
  draft?: boolean;
  /** The code of a `VIDEO_RESOLUTIONS` name (video-diffusion, extend-video). */
  videoType?: number;
  /** Upscale `type`: creative (`UPSCALE_MODES`) costs more. */
  upscaleType?: number;
  /** Enhance-upscale `target_resolution`. */
  targetResolution?: string;
}

type Price = { fast: number; turbo: number | null };

/** The operations whose price depends on more than the speed, and how. */
const VARIANTS: Partial<
  Record<OperationName, (q: CostQuery, pick: (p: Price) => number) => number>
> = {
  diffusion: (q, pick) => (q.draft ? pick(PRICES.diffusion) / 2 : pick(PRICES.diffusion)),
  upscale: (q, pick) =>
    pick(q.upscaleType === CREATIVE_UPSCALE ? UPSCALE_CREATIVE : PRICES.upscale),
  'video-diffusion': (q, pick) =>
    pick(q.videoType === VIDEO_720P_TYPE ? VIDEO_720P : PRICES['video-diffusion']),
  'extend-video': (q, pick) =>
    pick(q.videoType === VIDEO_720P_TYPE ? VIDEO_720P : PRICES['extend-video']),
  'enhance-upscale': (q) =>
    HIGH_RESOLUTIONS.has(q.targetResolution ?? '')
      ? ENHANCE_UPSCALE_4K_PLUS
      : PRICES['enhance-upscale'].fast,
};

/** Points a create freezes, by the table above. */
export function costOf(q: CostQuery): number {
  const pick = (p: Price): number => (q.speed === 'turbo' && p.turbo !== null ? p.turbo : p.fast);
  const variant = VARIANTS[q.operation];
  return variant ? variant(q, pick) : pick(PRICES[q.operation]);
}

/**
 * The speed a task runs at: a follow-up's own `--fast`/`--turbo` wins, otherwise it
 * inherits its parent's prompt's, as the hosted service bills it.
 */
export function followUpSpeed(own: ParsedPrompt | null, parentPrompt: string): Speed {
  if (own && (hasFlag(own, 'fast') || hasFlag(own, 'turbo'))) return speedOf(own);
  return speedOf(parsePrompt(parentPrompt));
}
