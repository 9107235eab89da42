import type { Page } from '@playwright/test';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
// zod's UUID validator carries the special "nil" and "max" UUIDs of RFC 9562 as constants
// in the bundle; they name no job, so they are the only UUID-shaped strings allowed.
const SPECIAL = new Set([
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]);
const firstUuid = (s: string): string | undefined =>
  s.match(UUID_RE)?.find((m) => !SPECIAL.has(m.toLowerCase()));

/**
 * Records every URL the page requests and every textual response body it receives, so a
 * test can assert that no upstream job UUID ever reached the browser.
 */
export function watchForUuids(page: Page) {
  const leaks: string[] = [];
  const pending: Promise<void>[] = [];
  let requests = 0;
  let bodies = 0;
  page.on('request', (req) => {
    requests++;
    if (firstUuid(req.url())) leaks.push(`request URL ${req.url()}`);
  });
  page.on('response', (res) => {
    for (const [name, value] of Object.entries(res.headers())) {
      if (firstUuid(value)) leaks.push(`response header ${name} of ${res.url()}`);
    }
    const type = res.headers()['content-type'] ?? '';
    // An event stream's body never ends while the page is open; the proxy's own tests scan
    // its events for UUIDs.
    if (!/json|text|javascript|html|svg|css/.test(type) || type.includes('event-stream')) return;
    pending.push(
      res
        .text()
        .then((body) => {
          bodies++;
          const m = firstUuid(body);
          if (m) leaks.push(`response body of ${res.url()}: ${m}`);
        })
        .catch(() => undefined),
    );
  });
  return {
    async report() {
      await Promise.all(pending);
      return { leaks, requests, bodies };
    },
  };
}
