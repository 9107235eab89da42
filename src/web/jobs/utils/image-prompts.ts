import type { ParsedPrompt } from '@/contract/prompt-flags';
import { isHttpUrl } from '@/contract/urls';
import {
  getFlag,
  parsePrompt,
  removeFlag,
  serializePrompt,
  setFlag,
} from '@/contract/prompt-flags';

/**
 * Reading image prompts out of a prompt's text (docs/service-interface.md#image-prompts):
 * URLs at its start, and the URLs of `--sref` (style reference) and `--cref` (character
 * reference). The prompt box edits them (the create feature); job cards show them as
 * chips (the feed).
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

const flagUrls = (p: ParsedPrompt, role: 'sref' | 'cref'): string[] =>
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

/**
 * Image prompts live in the prompt text (docs/service-interface.md#image-prompts): URLs at
 * its start, and the URLs of `--sref` (style reference) and `--cref` (character reference).
 * The chips above the prompt box are derived from the text, and every edit rewrites only
 * the part it touches.
 */
export const IMAGE_ROLES: readonly { role: ImageRole; label: string }[] = [
  { role: 'image', label: 'Image prompt' },
  { role: 'sref', label: 'Style reference' },
  { role: 'cref', label: 'Character reference' },
];

/** Adds a URL after the text's leading URLs (so earlier ones keep their order). */
export function withLeadingUrl(text: string, url: string): string {
  const last = leadingSpans(text).at(-1);
  const at = last?.end ?? /^\s*/.exec(text)?.[0].length ?? 0;
  const before = text.slice(0, at);
  // A last URL that ends the text has no space after it yet.
  const gap = before !== '' && !/\s$/.test(before) ? ' ' : '';
  return `${before}${gap}${url} ${text.slice(at)}`;
}

/** Removes the leading URL number `at`; the rest of the text is kept as written. */
export function withoutLeadingUrl(text: string, at: number): string {
  const span = leadingSpans(text)[at];
  if (!span) return text;
  const before = text.slice(0, span.start);
  const after = text.slice(span.end);
  // A URL that ended the text takes the space before it along, not the one after.
  return span.end === text.length ? before.trimEnd() + after : before + after;
}

// The text part gets a lead space before the first flag once it is no longer empty, and
// loses it when it becomes empty, like `removeFlag` does.
function withText(p: ParsedPrompt, text: string): ParsedPrompt {
  const [first, ...rest] = p.flags;
  if (!first) return { ...p, text };
  const lead = text.trim() === '' ? '' : first.lead === '' && !/\s$/.test(text) ? ' ' : first.lead;
  return { ...p, text, flags: [{ ...first, lead }, ...rest] };
}

/** Adds an image prompt in the given role; the rest of the prompt stays as written. */
export function withImagePrompt(prompt: string, url: string, role: ImageRole): string {
  const p = parsePrompt(prompt);
  if (role === 'image') return serializePrompt(withText(p, withLeadingUrl(p.text, url)));
  const urls = [...flagUrls(p, role), url];
  return serializePrompt(setFlag(p, role, urls.join(' ')));
}

/** Removes one image prompt; an emptied `--sref`/`--cref` goes away entirely. */
export function withoutImagePrompt(prompt: string, image: ImagePrompt): string {
  const p = parsePrompt(prompt);
  if (image.role === 'image') {
    return serializePrompt(withText(p, withoutLeadingUrl(p.text, image.at)));
  }
  const urls = flagUrls(p, image.role).filter((_, i) => i !== image.at);
  return serializePrompt(
    urls.length === 0 ? removeFlag(p, image.role) : setFlag(p, image.role, urls.join(' ')),
  );
}

/** Moves an image prompt to another role: removed from its place, added to the new one. */
export function withImageRole(prompt: string, image: ImagePrompt, role: ImageRole): string {
  if (role === image.role) return prompt;
  return withImagePrompt(withoutImagePrompt(prompt, image), image.url, role);
}
