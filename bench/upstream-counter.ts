/**
 * Preloaded into a studio process by `studio-process.ts` (`node --import`): counts every
 * request the process makes with `fetch`, by kind, and answers the counts over IPC. The
 * proxy's upstream client is the only user of `fetch` in the studio (the engine's callbacks
 * and image fetches use `http.request`), so these are the upstream requests.
 */
const counts = new Map<string, number>();

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

const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const kind = kindOf(url, method.toUpperCase());
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return original(input, init);
};

process.on('message', (message) => {
  if (message === 'upstream-counts') process.send?.({ counts: Object.fromEntries(counts) });
  if (message === 'upstream-reset') counts.clear();
});
// The IPC channel must not keep a studio alive that was asked to stop.
process.channel?.unref();
