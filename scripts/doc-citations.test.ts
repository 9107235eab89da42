import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: every Markdown document a file cites is in the repository,
 * and every `#anchor` of a citation names a heading of that document.
 *
 * What is scanned: the files git tracks, and the new ones it does not ignore, as they are
 * in the working tree; not node_modules, and not binary files (images such as the
 * screenshots and docs/gallery, or anything holding a NUL byte).
 *
 * What is a citation: a token ending in `.md`, optionally followed by `#anchor`
 * (`docs/store.md`, `../docs/service-interface.md#costs`, `README.md`), outside URLs.
 * A few names that are outputs of tools rather than documents are listed in NOT_DOCUMENTS.
 *
 * How a citation resolves, as a Markdown link would: relative to the citing file's folder
 * first, then relative to the repository root. A bare name is therefore a document beside
 * the citing file or at the root, never "some file of that name somewhere".
 *
 * How an anchor matches: GitHub's heading slugs (lowercase; everything but letters,
 * digits, `_`, `-` and spaces dropped; spaces to `-`; a repeated slug gets `-1`, `-2`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

const BINARY = /\.(png|webp|jpe?g|gif|ico|avif|woff2?|ttf|mp4|webm|zip|gz|br|sqlite)$/i;

/** Files written by tools at run time, named in scripts but not documents of ours. */
const NOT_DOCUMENTS = new Set([
  // Playwright's page snapshot of a failed test, under test-results/ (printed by .ci/run).
  'error-context.md',
]);

/** Documents that live outside the repository and must not be cited at all. */
const OUTSIDE = [/\bSPEC\.md\b/, /\bAPI-NOTES\.md\b/, /\bDESIGN\.md\b/, /\.\.\/shared(?![\w-])/];

const URL_RE = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const CITATION_RE =
  /(?<![\w./@:-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.md)(?:#([\w-]+))?(?![\w])/g;

interface Citation {
  file: string;
  line: number;
  doc: string;
  anchor: string | null;
}

function scannedFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return [...new Set(out.split('\0'))].filter((file) => {
    if (file === '' || file === 'node_modules' || file.startsWith('node_modules/')) return false;
    if (BINARY.test(file)) return false;
    const full = path.join(root, file);
    return existsSync(full) && lstatSync(full).isFile();
  });
}

const texts = new Map<string, string>();
for (const file of scannedFiles()) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!text.includes('\0')) texts.set(file, text);
}

function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(URL_RE, (url) => ' '.repeat(url.length));
    for (const m of line.matchAll(CITATION_RE)) {
      const doc = m[1] ?? '';
      if (NOT_DOCUMENTS.has(path.posix.basename(doc))) continue;
      found.push({ file, line: i + 1, doc, anchor: m[2] ?? null });
    }
  });
  return found;
}

/** The repository path a citation names, or null when neither rule finds it. */
function resolve(citation: Citation): string | null {
  const candidates = [
    path.posix.normalize(path.posix.join(path.posix.dirname(citation.file), citation.doc)),
    path.posix.normalize(citation.doc),
  ];
  return candidates.find((c) => !c.startsWith('../') && texts.has(c)) ?? null;
}

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown document's headings (fenced code left out). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const citations = [...texts].flatMap(([file, text]) => citationsIn(file, text));
const where = (c: Citation) =>
  `${c.file}:${c.line} cites ${c.doc}${c.anchor ? `#${c.anchor}` : ''}`;

describe('document citations', () => {
  it('scans the repository and finds its citations', () => {
    expect(texts.has('README.md')).toBe(true);
    expect(citations.some((c) => c.doc === 'docs/store.md')).toBe(true);
  });

  it('cite only documents inside the repository', () => {
    const missing = citations.filter((c) => resolve(c) === null).map(where);
    expect(missing).toEqual([]);
  });

  it('name a heading of the cited document in every #anchor', () => {
    const anchors = new Map<string, Set<string>>();
    const wrong = citations.filter((c) => {
      const doc = resolve(c);
      if (c.anchor === null || doc === null) return false;
      if (!anchors.has(doc)) anchors.set(doc, anchorsOf(texts.get(doc) ?? ''));
      return !anchors.get(doc)?.has(c.anchor);
    });
    expect(wrong.map(where)).toEqual([]);
  });

  it('never point at documents outside the repository', () => {
    const hits = [...texts].flatMap(([file, text]) =>
      text
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.some((re) => re.test(line)) ? [`${file}:${i + 1}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});

describe('slug', () => {
  it('follows GitHub: lowercase, punctuation dropped, spaces to hyphens', () => {
    expect(slug('Rule 4: the canvas document is data')).toBe('rule-4-the-canvas-document-is-data');
    expect(slug('Reasons for 403')).toBe('reasons-for-403');
    expect(slug('`available_actions` and more')).toBe('available_actions-and-more');
    expect(slug('One store, two databases')).toBe('one-store-two-databases');
  });
});
