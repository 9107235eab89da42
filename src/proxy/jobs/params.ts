import { PROXY_FILLED_FIELDS } from '@/contract/create-params';
import type { Redactor } from '../log';

/**
 * The most JSON kept per job. Titles need a few small fields, and every list page carries
 * the params of each job on it; a mask of many polygons or a prompt near its 8192-character
 * limit is not worth that, so such a job keeps none.
 */
export const PARAMS_MAX_BYTES = 8 * 1024;

const redactDeep = (value: unknown, redact: Redactor): unknown => {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v, redact)]),
    );
  }
  return value;
};

/**
 * What the history keeps of a create's validated body: the params without the proxy's
 * fields (the history keeps only what the browser chose), with anything UUID-shaped or secret redacted (the browser sends handles, but a
 * pasted media URL may hold an upstream job id), or null when that is over the bound.
 */
export function paramsToKeep(
  body: Record<string, unknown>,
  redact: Redactor,
): Record<string, unknown> | null {
  const own = Object.fromEntries(Object.entries(body).filter(([k]) => !PROXY_FILLED_FIELDS.has(k)));
  const kept = redactDeep(own, redact) as Record<string, unknown>;
  const bytes = Buffer.byteLength(JSON.stringify(kept), 'utf8');
  return bytes <= PARAMS_MAX_BYTES ? kept : null;
}

/**
 * The most JSON kept of a job's mask (`job_masks`): the create body's own limit, so every
 * mask a create may carry is kept whole.
 */
const JOB_MASK_MAX_BYTES = 256 * 1024;

/**
 * What the studio keeps of the mask a create was sent with (`body.mask`, polygons or the
 * address of a mask image), redacted as the params are; null when it has none.
 */
export function maskToKeep(
  body: Record<string, unknown>,
  redact: Redactor,
): { json: string; bytes: number } | null {
  const mask = body.mask;
  if (mask === undefined || mask === null || typeof mask !== 'object') return null;
  const json = JSON.stringify(redactDeep(mask, redact));
  const bytes = Buffer.byteLength(json, 'utf8');
  return bytes <= JOB_MASK_MAX_BYTES ? { json, bytes } : null;
}
