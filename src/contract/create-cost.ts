import { costOf, followUpSpeed } from './costs';
import type { CreateJobRequest } from './create-job-schema';
import { promptOfParams } from './create-request';
import type { OperationName } from './operations';
import { hasFlag, isDraft, parsePrompt } from './prompt-flags';
import { UPSCALE_MODES, VIDEO_RESOLUTIONS, codeOf } from './requests/choices';

/**
 * The estimated cost of a create body by the price table (`costs.ts`), what the app shows
 * beside a create button and what the studio reserves against its maker's budget before
 * the service froze anything. `parentPrompt` is the prompt a follow-up inherits its speed
 * from: '' for none; null when a follow-up's parent prompt is unknown, and the speed
 * with it, so the operation's highest price counts.
 */
export function costOfCreate(body: CreateJobRequest, parentPrompt: string | null = ''): number {
  const own = promptOfParams(body.operation, body.params ?? null);
  const parsed = own === null ? null : parsePrompt(own);
  const ownSpeed = parsed !== null && (hasFlag(parsed, 'fast') || hasFlag(parsed, 'turbo'));
  const speedKnown = parentPrompt !== null || ownSpeed;
  if (!speedKnown) return highestCostOf(body.operation);
  return costOf({
    operation: body.operation,
    speed: followUpSpeed(parsed, parentPrompt ?? ''),
    draft: body.operation === 'diffusion' && parsed !== null && isDraft(parsed),
    videoType: body.operation === 'video-diffusion' ? body.params?.videoType : undefined,
    upscaleType: body.operation === 'upscale' ? body.params?.type : undefined,
    targetResolution:
      body.operation === 'enhance-upscale' ? body.params?.target_resolution : undefined,
  });
}

/** The most a create of `operation` can cost: turbo, 720p, creative, 4K and up. */
function highestCostOf(operation: OperationName): number {
  return costOf({
    operation,
    speed: 'turbo',
    videoType: codeOf(VIDEO_RESOLUTIONS, '720p'),
    upscaleType: codeOf(UPSCALE_MODES, 'creative'),
    targetResolution: '4K',
  });
}
