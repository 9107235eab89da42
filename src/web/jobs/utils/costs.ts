// Cost estimates in the studio, by the contract's price table (src/contract/costs.ts). The
// studio only estimates: the service's own `meta.usage.frozen` is what a job really holds.
import { costOf, followUpSpeed } from '@/contract/costs';
import { promptOfParams } from '@/contract/create-request';
import { isDraft, parsePrompt, speedOf } from '@/contract/prompt-flags';
import type { OperationName } from '@/contract/operations';
import type { CreateJobRequest } from '@/contract/create-job-schema';

/** What a prompt from the prompt box costs as a diffusion. */
export function diffusionCost(prompt: string): number {
  const p = parsePrompt(prompt);
  return costOf({ operation: 'diffusion', speed: speedOf(p), draft: isDraft(p) });
}

/** The estimated cost of a create body; `parentPrompt` is the prompt a follow-up inherits. */
export function costOfCreate(body: CreateJobRequest, parentPrompt = ''): number {
  const own = promptOfParams(body.operation, body.params ?? null);
  const parsed = own === null ? null : parsePrompt(own);
  return costOf({
    operation: body.operation,
    speed: followUpSpeed(parsed, parentPrompt),
    draft: body.operation === 'diffusion' && parsed !== null && isDraft(parsed),
    videoType: videoTypeOf(body),
    upscaleType: body.operation === 'upscale' ? body.params?.type : undefined,
    targetResolution:
      body.operation === 'enhance-upscale' ? body.params?.target_resolution : undefined,
  });
}

/** What an operation costs with only its prompt known (the editor's repaints). */
export const costOfPrompt = (
  operation: OperationName,
  ownPrompt: string,
  parentPrompt: string,
): number => costOf({ operation, speed: followUpSpeed(parsePrompt(ownPrompt), parentPrompt) });

function videoTypeOf(body: CreateJobRequest): number | undefined {
  if (body.operation === 'video-diffusion') return body.params?.videoType;
  return undefined;
}

/** `≈ 120 credits`: an estimate, as the service decides the real amount. */
export const formatCostEstimate = (points: number): string =>
  `≈ ${new Intl.NumberFormat('en-US').format(points)} credits`;
