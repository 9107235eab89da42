import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JS a first load of `/` needs, gzip-compressed: the entry script and every chunk
 * index.html preloads. The budget is the target for the first page (KiB, as
 * measured here). History: 139.1 KiB with full zod, 125.9 with zod/mini, 119.3 once the
 * first page's modules were kept in one chunk and whatever only an interaction shows became
 * chunks of their own, 97.2 on React 18 (react-dom 18 is 19 KiB lighter than 19's), 97.5
 * with the gallery's window and the library cards mounted as they come near; 121.3 on React
 * 19.3, then 118.6 with chunks fetched as the page starts for the header's balance badge and
 * the low-balance banner (0.4), the job announcer (1.0), the event stream's wiring (0.4) and
 * zod's English messages (0.9); 105.9 once the answers' schemas, and with them zod, became a
 * chunk fetched as the page starts and the server sent each job's title.
 */
export const ENTRY_JS_BUDGET_KB = 110;

/** The script and modulepreload URLs that index.html makes the browser fetch at once. */
export function initialScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) {
    if (m[1]) urls.add(m[1]);
  }
  return [...urls];
}

export async function initialJsGzipBytes(webDir: string): Promise<Map<string, number>> {
  const html = await readFile(path.join(webDir, 'index.html'), 'utf8');
  const sizes = new Map<string, number>();
  for (const url of initialScripts(html)) {
    const raw = await readFile(path.join(webDir, url.replace(/^\//, '')));
    sizes.set(url, gzipSync(raw, { level: 9 }).length);
  }
  return sizes;
}

async function main(): Promise<void> {
  const sizes = await initialJsGzipBytes(path.resolve('dist/web'));
  let total = 0;
  for (const [url, bytes] of sizes) {
    total += bytes;
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${url}`);
  }
  const kb = total / 1024;
  console.log(
    `${kb.toFixed(1).padStart(7)} KB  initial JS, gzip (budget ${ENTRY_JS_BUDGET_KB} KB)`,
  );
  if (kb > ENTRY_JS_BUDGET_KB) {
    console.error(
      `The first page's JS is over its budget by ${(kb - ENTRY_JS_BUDGET_KB).toFixed(1)} KB.`,
    );
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
