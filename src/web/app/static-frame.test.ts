import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const html = readFileSync('index.html', 'utf8');
const layout = readFileSync('src/web/app/layout.tsx', 'utf8');

/** Each `<rect>` in `source` as its attributes, in order, however the tag is closed. */
const rects = (source: string): string[] =>
  [...source.matchAll(/<rect\b([^>]*?)\s*\/?>/g)].map((m) => (m[1] ?? '').trim());

/** The class list of the first `<tag` in `source` (class= in HTML, className= in JSX). */
function classesOf(source: string, tag: string): string {
  const at = source.indexOf(`<${tag}`);
  const m = /\bclass(?:Name)?="([^"]+)"/.exec(source.slice(at));
  if (at === -1 || !m?.[1]) throw new Error(`no <${tag}> with a class list`);
  return m[1];
}

describe('the frame index.html paints before the script runs', () => {
  it('is drawn as the app draws it, so its first render moves nothing', () => {
    for (const tag of ['header', 'aside']) {
      expect(classesOf(html, tag), tag).toBe(classesOf(layout, tag));
    }
    expect(html).toContain(
      '<span class="text-sm font-semibold tracking-wide text-zinc-100">Studio</span>',
    );
    expect(layout).toContain(
      '<span className="text-sm font-semibold tracking-wide text-zinc-100">Studio</span>',
    );
  });

  it('draws the mark beside the name as the favicon draws it, in the page, not as an image', () => {
    const favicon = rects(readFileSync('public/favicon.svg', 'utf8'));
    expect(favicon).toHaveLength(5);
    expect(rects(html)).toEqual(favicon);
    expect(rects(readFileSync('src/web/app/studio-mark.tsx', 'utf8'))).toEqual(favicon);
    expect(layout).toContain('<StudioMark />');
    expect(html).not.toContain('<img');
  });
});
