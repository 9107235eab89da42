import type { FetchedImage } from '@/engine/fetch/fetch-image';
import { fetchImage } from '@/engine/fetch/fetch-image';
import { FetchError } from '@/engine/fetch/dial';
import type { RawImage } from '@/engine/media/pixels/raw-image';
import type { Size } from '@/engine/media/pixels/raster';
import { loadRgb } from '@/engine/media/pixels/raster';
import { badRequest } from '../rules/rejection';
import { TaskInputError } from '../rules/task-input-error';
import type { RunContext } from './types';

/**
 * Refuses at create a URL that cannot even be parsed (the contract's pattern lets
 * `http://[oops` through). Where it points is checked when it is fetched, after DNS.
 * `within` names the URL when the field holds more than it (a prompt's `--end`).
 */
export function checkFetchUrl(field: string, url: string, within?: string): void {
  if (URL.canParse(url)) return;
  const subject = within === undefined ? '' : `${within} ${url} `;
  throw badRequest(`${field}: ${subject}must be a valid http:// or https:// URL`);
}

/**
 * Where a fetched URL was written: a URL field holds the URL alone; a prompt holds it
 * among other text (a video's start image, `--end`), so its failure says which image.
 */
type UrlPlace = 'field' | 'prompt';

const inputError = (field: string, url: string, err: unknown, place: UrlPlace = 'field') => {
  const why = err instanceof Error ? err.message : String(err);
  const what =
    place === 'prompt' ? `the image at ${url} could not be used` : `could not use ${url}`;
  return new TaskInputError(`${field}: ${what}: ${why}`);
};

/**
 * Fetches an input image through the guard (address policy and limits of fetch/). A
 * refused or failed fetch fails the task at once (the same URL would fail again), with a
 * message naming the field.
 */
export async function fetchInput(
  ctx: RunContext,
  field: string,
  url: string,
  place: UrlPlace = 'field',
): Promise<FetchedImage> {
  try {
    return await fetchImage(url, { allowPrivate: ctx.allowPrivateFetch });
  } catch (err) {
    if (err instanceof FetchError) throw inputError(field, url, err, place);
    throw err;
  }
}

/** Fetches and decodes an input image to RGB, optionally resized. */
export async function fetchRgb(
  ctx: RunContext,
  field: string,
  url: string,
  size?: (fetched: FetchedImage) => Size,
  fit: 'fill' | 'cover' = 'fill',
): Promise<RawImage> {
  const fetched = await fetchInput(ctx, field, url);
  try {
    return await loadRgb(fetched.data, size?.(fetched), fit);
  } catch (err) {
    // The header was readable but the pixels are not (a truncated file, say).
    throw inputError(field, url, err);
  }
}
