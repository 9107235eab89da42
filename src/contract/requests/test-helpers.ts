/** Shared by the request tests: minimal bodies and accept/reject helpers. */
import * as z from 'zod/mini';
import { formatIssues } from '../errors';
import type { OperationName } from '../operations';

export const UUID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
export const IMG = 'https://cdn.example.com/a.png';

/** An https URL of exactly `n` characters. */
export const urlOfLength = (n: number): string => {
  const prefix = 'https://cdn.example.com/';
  return prefix + 'a'.repeat(n - prefix.length);
};

export const AREA = { width: 1024, height: 1024, points: [0, 0, 1024, 0, 512, 1024] };
const MASK = { areas: [AREA] };
const CANVAS = { width: 2048, height: 2048 };
const IMG_POS = { width: 1024, height: 1024, x: 512, y: 512 };

/** The smallest body each operation accepts. */
export const MINIMAL: Record<OperationName, Record<string, unknown>> = {
  diffusion: { text: 'a cat' },
  blend: { imgUrls: [IMG, IMG] },
  describe: { imgUrl: IMG },
  shorten: { prompt: 'a very long prompt' },
  upscale: { jobId: UUID, imageNo: 0 },
  variation: { jobId: UUID, imageNo: 0 },
  remix: { jobId: UUID, imageNo: 0, remixPrompt: 'a dog' },
  reroll: { jobId: UUID },
  inpaint: { jobId: UUID, imageNo: 0, mask: MASK, remixPrompt: 'a hat' },
  outpaint: { jobId: UUID, imageNo: 0, scale: 1.5 },
  pan: { jobId: UUID, imageNo: 0, direction: 0, scale: 1.5 },
  edit: { jobId: UUID, imageNo: 0, canvas: CANVAS, imgPos: IMG_POS, remixPrompt: 'a hat' },
  retexture: { imgUrl: IMG, remixPrompt: 'made of glass' },
  'upload-paint': {
    imgUrl: IMG,
    canvas: CANVAS,
    imgPos: IMG_POS,
    mask: MASK,
    remixPrompt: 'a hat',
  },
  'remove-background': { imgUrl: IMG },
  enhance: { jobId: UUID, imageNo: 0 },
  'video-diffusion': { jobId: UUID },
  'extend-video': { jobId: UUID, videoNo: 0, prompt: 'keeps walking' },
  'video-upscale': { jobId: UUID, videoNo: 0 },
  'enhance-upscale': { image_url: IMG },
};

/** Parses or throws with the user-facing message, so a failure shows why. */
export function accept(schema: z.core.$ZodType, body: unknown): unknown {
  const r = z.safeParse(schema, body);
  if (!r.success) throw new Error(`rejected ${JSON.stringify(body)}: ${formatIssues(r.error)}`);
  return r.data;
}

/** The `formatIssues` message of a body that must be rejected. */
export function reject(schema: z.core.$ZodType, body: unknown): string {
  const r = z.safeParse(schema, body);
  if (r.success) throw new Error(`accepted ${JSON.stringify(body).slice(0, 200)}`);
  return formatIssues(r.error);
}
