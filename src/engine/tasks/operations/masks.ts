import type { Mask } from '@/contract/requests/common';
import type { MaskSource } from '@/engine/media/image-ops/inpaint';
import { checkFetchUrl, fetchInput } from './fetched';
import type { RunContext } from './types';

/** At create: a mask image's URL must at least parse (where it points is checked on fetch). */
export function checkMask(mask: Mask | undefined): void {
  if (mask?.url !== undefined) checkFetchUrl('mask.url', mask.url);
}

/** The mask in the form the media code takes: polygons as they are, or the fetched image. */
export async function maskSource(ctx: RunContext, mask: Mask): Promise<MaskSource> {
  if (mask.areas) return { areas: mask.areas };
  const url = mask.url ?? '';
  return { image: (await fetchInput(ctx, 'mask.url', url)).data };
}
