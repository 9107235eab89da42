/**
 * Preloaded into the studio by `studio-process.ts` (`node --import`): counts every request
 * the process makes with `fetch`, by kind, into the JSON file BENCH_UPSTREAM_COUNTS names.
 * The proxy's upstream client is the only user of `fetch` in the studio (the engine's
 * callbacks and image fetches use `http.request`), so these are the upstream requests. A
 * file rather than IPC, because the launcher runs the studio as a process of its own.
 */
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_UPSTREAM_COUNTS;
const counts: Record<string, number> = {};

function kindOf(input: string, method: string): string {
  const { pathname } = new URL(input);
  if (pathname.startsWith('/api/v1/job/')) return 'job read';
  if (pathname.startsWith('/api/v1/') && method === 'POST') return 'create';
  if (pathname.startsWith('/api/account/')) return `account ${pathname.slice(13)}`;
  if (pathname.startsWith('/files/')) {
    return /_grid\.\w+$/.test(pathname) ? 'media: 2×2 composite' : 'media: image or clip';
  }
  if (pathname.startsWith('/hooks/')) return 'callback probe (to itself)';
  return `other ${pathname.split('/').slice(0, 3).join('/')}`;
}

if (file) {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const kind = kindOf(url, method.toUpperCase());
    counts[kind] = (counts[kind] ?? 0) + 1;
    // A few upstream requests per job: writing each time costs the studio nothing to see.
    // Renamed into place, so that the bench never reads half a file.
    writeFileSync(`${file}.part`, JSON.stringify(counts));
    renameSync(`${file}.part`, file);
    return original(input, init);
  };
}
