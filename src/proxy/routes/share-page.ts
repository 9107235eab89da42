import { escape } from '../auth/login-page';

/** One image or clip a share page shows: its file's path, and its size when known. */
export interface SharedMedia {
  href: string;
  video: boolean;
  dims: { width: number; height: number } | null;
  /** Shown under it (a collection's image: its prompt, when the sharer chose so). */
  caption?: string | null;
}

/** What a share page shows: a job's images, or a collection's. */
export interface SharePageContent {
  title: string;
  /** Shown only when the sharer chose so; null otherwise. */
  prompt: string | null;
  media: SharedMedia[];
  /** A line under the title (a collection's: that it is empty, or shown in part). */
  note?: string | null;
}

interface SharePageFacts extends SharePageContent {
  expiresMs: number;
  /** The page's own absolute URL, for the previews chat tools draw (Open Graph). */
  absolute: string;
}

const STYLE = `<style>
  :root { color-scheme: dark light; }
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #09090b; color: #e4e4e7; }
  @media (prefers-color-scheme: light) { body { background: #fafafa; color: #18181b; } }
  main { max-width: 72rem; margin: 0 auto; padding: 1.25rem; display: grid; gap: 1rem; }
  h1 { font-size: 1.1rem; margin: 0; }
  .grid { display: grid; gap: .5rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr)); }
  .grid.one { grid-template-columns: minmax(0, 1fr); }
  img, video { display: block; width: 100%; height: auto; border-radius: .375rem; background: #27272a; }
  .prompt { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; opacity: .85; }
  figure { margin: 0; display: grid; gap: .25rem; align-content: start; }
  figcaption { font-size: .85rem; }
  .note { margin: 0; font-size: .85rem; opacity: .65; }
  a { color: inherit; }
</style>`;

/** A share page: no script, the page's own styles, `head` (already escaped) and `main`. */
const page = (title: string, head: string, main: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
${head}${STYLE}
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;

const sizeAttrs = (m: SharedMedia) =>
  m.dims ? ` width="${m.dims.width}" height="${m.dims.height}"` : '';

function mediaHtml(m: SharedMedia, n: number, count: number): string {
  const shown = m.video ? clipHtml(m) : imageHtml(m, n, count);
  if (!m.caption) return shown;
  return `<figure>${shown}<figcaption class="prompt">${escape(m.caption)}</figcaption></figure>`;
}

const clipHtml = (m: SharedMedia): string =>
  `<video src="${escape(m.href)}" controls playsinline preload="metadata"${sizeAttrs(m)}></video>`;

function imageHtml(m: SharedMedia, n: number, count: number): string {
  // One image is drawn from the largest thumbnail, several from the middle size; each
  // opens its original.
  const thumb = `${m.href}/thumb/${count === 1 ? 1536 : 768}`;
  const alt = count === 1 ? 'The shared image' : `Shared image ${n + 1} of ${count}`;
  return `<a href="${escape(m.href)}"><img src="${escape(thumb)}" alt="${alt}"${sizeAttrs(m)}${n > 1 ? ' loading="lazy"' : ''}></a>`;
}

function openGraph(f: SharePageFacts): string {
  const first = f.media[0];
  const description = f.prompt ?? 'Made in the studio.';
  const tags = [
    ['og:type', 'website'],
    ['og:title', f.title],
    ['og:description', description.slice(0, 300)],
    ['og:url', f.absolute],
  ];
  if (first && !first.video) {
    const origin = new URL(f.absolute).origin;
    tags.push(['og:image', `${origin}${first.href}/thumb/1536`]);
    if (first.dims) {
      const scale = Math.min(1, 1536 / Math.max(first.dims.width, first.dims.height));
      tags.push(['og:image:width', String(Math.round(first.dims.width * scale))]);
      tags.push(['og:image:height', String(Math.round(first.dims.height * scale))]);
    }
  }
  const og = tags.map(([p, v]) => `<meta property="${p}" content="${escape(v ?? '')}">`).join('\n');
  const card = first && !first.video ? 'summary_large_image' : 'summary';
  return `${og}\n<meta name="twitter:card" content="${card}">\n`;
}

/**
 * The page a share link opens: its images (or clip), the prompt only when its sharer
 * chose so, and when the link lapses. No script, and nothing of the studio's beyond it:
 * no job or collection handle, no maker's name, no link into the studio.
 */
export function sharePage(f: SharePageFacts): string {
  const lapses = new Date(f.expiresMs).toUTCString();
  const grid = f.media.map((m, n) => mediaHtml(m, n, f.media.length)).join('\n');
  const prompt = f.prompt === null ? '' : `<p class="prompt">${escape(f.prompt)}</p>`;
  const note = f.note ? `<p class="note">${escape(f.note)}</p>` : '';
  return page(
    f.title,
    openGraph(f),
    `<h1>${escape(f.title)}</h1>
${prompt}${note}
<div class="grid${f.media.length === 1 ? ' one' : ''}">
${grid}
</div>
<p class="note">Shared from a studio. This link works until ${escape(lapses)}.</p>`,
  );
}

/** What a link that shows nothing opens, whatever the reason (unknown, lapsed, revoked). */
export const SHARE_GONE_TEXT =
  'This share link is not available: it may have expired or been revoked. Ask whoever sent it for a new one.';

export const shareGonePage = (): string =>
  page(
    'Link not available',
    '',
    `<h1>Link not available</h1>
<p role="alert">${escape(SHARE_GONE_TEXT)}</p>`,
  );
