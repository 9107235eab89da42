// Cost estimates in the studio, by the contract's price table (src/contract/costs.ts). The
// studio only estimates: the service's own `meta.usage.frozen` is what a job really holds.
import { costOf } from '@/contract/costs';
import type { Speed } from '@/contract/prompt-flags';
import { hasFlag, isDraft, parsePrompt, speedOf } from '@/contract/prompt-flags';
import type { CreateJob } from '@/contract/studio-api';

/** What a prompt from the prompt box costs as a diffusion. */
export function diffusionCost(prompt: string): number {
  const p = parsePrompt(prompt);
  return costOf({ operation: 'diffusion', speed: speedOf(p), draft: isDraft(p) });
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
  return costOf({
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
