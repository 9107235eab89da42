import type { OperationName } from '../../contract/operations';
import type { Speed } from '../../contract/prompt-flags';
import { hasFlag, isDraft, parsePrompt, speedOf } from '../../contract/prompt-flags';
import type { CreateJob } from '../../contract/studio-api';

/**
 * The price list of API-NOTES.md in points (1 point = 1 credit, 1000 = 1 USD), frozen when
 * a job is created. `turbo` is null where the service has no turbo price. The studio only
 * estimates: the service's own `meta.usage.frozen` is what a job really holds.
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

const UPSCALE_CREATIVE = { fast: 160, turbo: 320 };
const VIDEO_720P = { fast: 1536, turbo: 3072 };
const ENHANCE_UPSCALE_HIGH = 160;
const HIGH_RESOLUTIONS: ReadonlySet<string> = new Set(['4K', '6K', '8K', '12K']);

export interface CostQuery {
  operation: OperationName;
  speed: Speed;
  /** `--draft --v 7` diffusion costs half. */
  draft?: boolean;
  /** 1 = 720p video. */
  videoType?: number;
  /** Upscale `type` 1 (creative) costs more. */
  upscaleType?: number;
  targetResolution?: string;
}

/** Points a create freezes, by the table above. */
export function estimateCost(q: CostQuery): number {
  const price = PRICES[q.operation];
  const pick = (p: { fast: number; turbo: number | null }): number =>
    q.speed === 'turbo' && p.turbo !== null ? p.turbo : p.fast;
  switch (q.operation) {
    case 'diffusion':
      return q.draft ? pick(price) / 2 : pick(price);
    case 'upscale':
      return q.upscaleType === 1 ? pick(UPSCALE_CREATIVE) : pick(price);
    case 'video-diffusion':
    case 'extend-video':
      return q.videoType === 1 ? pick(VIDEO_720P) : pick(price);
    case 'enhance-upscale':
      return HIGH_RESOLUTIONS.has(q.targetResolution ?? '') ? ENHANCE_UPSCALE_HIGH : price.fast;
    default:
      return pick(price);
  }
}

/** What a prompt from the prompt box costs as a diffusion. */
export function diffusionCost(prompt: string): number {
  const p = parsePrompt(prompt);
  return estimateCost({ operation: 'diffusion', speed: speedOf(p), draft: isDraft(p) });
}

/**
 * A follow-up runs at the speed its own prompt names (`--fast`/`--turbo`), else at the
 * speed of the prompt it inherits from its parent.
 */
export function followUpSpeed(ownPrompt: string | undefined, parentPrompt: string): Speed {
  const own = ownPrompt === undefined ? null : parsePrompt(ownPrompt);
  if (own && (hasFlag(own, 'fast') || hasFlag(own, 'turbo'))) return speedOf(own);
  return speedOf(parsePrompt(parentPrompt));
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The estimated cost of a create body; `parentPrompt` is the prompt a follow-up inherits. */
export function costOfCreate(body: CreateJob, parentPrompt = ''): number {
  const { params, operation } = body;
  const own = str(params.text) ?? str(params.prompt) ?? str(params.remixPrompt);
  const speed = followUpSpeed(own, parentPrompt);
  const draft = operation === 'diffusion' && own !== undefined && isDraft(parsePrompt(own));
  return estimateCost({
    operation,
    speed,
    draft,
    videoType: num(params.videoType),
    upscaleType: num(params.type),
    targetResolution: str(params.target_resolution),
  });
}

/** `≈ 120 credits`: an estimate, as the service decides the real amount. */
export const formatCostEstimate = (points: number): string =>
  `≈ ${new Intl.NumberFormat('en-US').format(points)} credits`;
