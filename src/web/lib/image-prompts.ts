import type { ParsedPrompt } from '@/contract/prompt-flags';
import { getFlag, parsePrompt } from '@/contract/prompt-flags';
import { isHttpUrl } from '@/contract/urls';

/**
 * Reading image prompts out of a prompt's text (API-NOTES.md): URLs at its start, and the
 * URLs of `--sref` (style reference) and `--cref` (character reference). The prompt box
 * edits them (the create feature); job cards show them as chips (the jobs feature).
 */
export type ImageRole = 'image' | 'sref' | 'cref';

export interface ImagePrompt {
  url: string;
  role: ImageRole;
  /** Position among the words of its place (leading URLs, or the flag's value). */
  at: number;
}

interface UrlSpan {
  url: string;
  start: number;
  /** After the URL and the whitespace that follows it. */
  end: number;
}

/** A word and the whitespace after it. */
const WORD_RE = /^(\S+)(\s+|$)/;

/** The URLs at the start of a prompt's text (before any other word), with where each is. */
export function leadingSpans(text: string): UrlSpan[] {
  const spans: UrlSpan[] = [];
  let pos = /^\s*/.exec(text)?.[0].length ?? 0;
  for (;;) {
    const m = WORD_RE.exec(text.slice(pos));
    if (!m?.[1] || !isHttpUrl(m[1])) return spans;
    spans.push({ url: m[1], start: pos, end: pos + m[0].length });
    pos += m[0].length;
  }
}

/** The image URLs a text starts with, in order. */
export const leadingImageUrls = (text: string): string[] => leadingSpans(text).map((s) => s.url);

export const flagUrls = (p: ParsedPrompt, role: 'sref' | 'cref'): string[] =>
  (getFlag(p, role)?.value ?? '').split(/\s+/).filter(Boolean);

/** Every image prompt of a prompt: its leading URLs, then `--sref`, then `--cref` URLs. */
export function imagePromptsOf(prompt: string): ImagePrompt[] {
  const p = parsePrompt(prompt);
  const fromFlag = (role: 'sref' | 'cref') =>
    flagUrls(p, role)
      .map((url, at) => ({ url, role, at }))
      // `--sref 123` (a style code) is not an image.
      .filter((i) => isHttpUrl(i.url));
  return [
    ...leadingImageUrls(p.text).map((url, at) => ({ url, role: 'image' as const, at })),
    ...fromFlag('sref'),
    ...fromFlag('cref'),
  ];
}

const UPLOAD_PATH_RE = /^\/u\/[A-Za-z0-9_-]{22}\.(png|jpg|webp|gif)$/;

/**
 * Where the browser may show an image prompt: an upload of this studio is also served on
 * its own origin (`/u/<token>.<ext>`); any other host is not loaded (the page's CSP).
 */
export function previewOf(url: string): string | null {
  try {
    const path = new URL(url).pathname;
    return UPLOAD_PATH_RE.test(path) ? path : null;
  } catch {
    return null;
  }
}
