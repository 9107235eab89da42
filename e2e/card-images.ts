import { expect, type Locator } from '@playwright/test';

const THUMB_PATH = /^(\/media\/[^/]+\/[^/]+)\/thumb(?:\/\d+)?$/;

/** `/media/<handle>/<n>/thumb[/<size>]` (or its absolute URL) → `/media/<handle>/<n>`. */
export function originalOf(thumbUrl: string): string {
  const match = THUMB_PATH.exec(new URL(thumbUrl, 'http://studio.test').pathname);
  if (!match?.[1]) throw new Error(`not a thumbnail's URL: ${thumbUrl}`);
  return match[1];
}

/**
 * The full file behind an image a job card shows: cards load the studio's thumbnails
 * (`src` is the smallest one, `srcset` the others), so the original is named from it.
 */
export async function cardImageOriginal(img: Locator): Promise<string> {
  const src = (await img.getAttribute('src')) ?? '';
  expect(src).toMatch(THUMB_PATH);
  return originalOf(src);
}
