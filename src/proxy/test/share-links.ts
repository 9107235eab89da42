import sharp from 'sharp';
import { expect } from 'vitest';
import { shareEnvelopeSchema, shareListSchema, type Share } from '@/contract/shares';
import type { Stack } from './harness';
import { asJson } from './team';

/** The image the fake service serves for every output of the share tests: 1024 × 768. */
export const sharedPhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 1024, height: 768, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** A link made by `cookie`'s person, asked for with `body`. */
export async function shareAs(s: Stack, cookie: string, body: unknown): Promise<Share> {
  const res = await s.json('/studio-api/shares', asJson(cookie, 'POST', body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return shareEnvelopeSchema.parse(res.body).share;
}

/** The links `cookie`'s person sees on the Account page, newest first. */
export async function sharesSeenBy(s: Stack, cookie: string): Promise<Share[]> {
  const res = await s.json('/studio-api/shares', { headers: { cookie } });
  expect(res.status).toBe(200);
  return shareListSchema.parse(res.body).shares;
}

export const pathOf = (url: string): string => new URL(url).pathname;

/** The `src` and `href` of a page: its images' and originals' paths. */
export const linksOn = (html: string): string[] =>
  [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
