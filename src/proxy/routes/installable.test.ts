import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_PATHS, isServerPath } from '@/contract/server-paths';
import { newRegistry } from '@/server/metrics';
import { createApp } from '../app';
import { Stack } from '../test/harness';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const PASSWORD = 'correct horse battery';

/** A built web dir as `vite build` leaves it for the installable app. */
async function withInstallableWeb(s: Stack): Promise<void> {
  await s.withBuiltWeb();
  const web = path.join(s.dataDir, 'web');
  mkdirSync(path.join(web, 'icons'), { recursive: true });
  writeFileSync(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(web, 'manifest.webmanifest'), '{"name":"Studio"}');
  writeFileSync(path.join(web, 'icons', 'icon-192.png'), 'png');
  writeFileSync(path.join(web, 'favicon.svg'), '<svg/>');
}

/**
 * Every route the studio mounts, with each parameter and wildcard filled in; the
 * middlewares and the SPA (`/*`) left out. The stub answers nothing: only the routes are
 * read, no request is made.
 */
function mountedPaths(): string[] {
  const stub = (fixed: Record<string, unknown>): unknown =>
    new Proxy(fixed, { get: (t, key) => (key in t ? t[key as string] : () => undefined) });
  const deps = stub({
    webDir: '/nowhere',
    webhookSecret: undefined,
    auth: stub({}),
    metrics: stub({ registry: newRegistry() }),
  });
  const app = createApp(deps as Parameters<typeof createApp>[0]);
  return app.routes
    .map((r) => r.path)
    .filter((p) => p !== '/*')
    .map((p) => p.replace(/:\w+\??/g, 'x').replace(/\*/g, 'x'));
}

describe('the installable app', () => {
  it('names every route the studio answers itself, and no other, as not the SPA', () => {
    const paths = mountedPaths();
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !isServerPath(p))).toEqual([]);
    for (const prefix of SERVER_PATHS) {
      expect(paths.some((p) => p === prefix || p.startsWith(`${prefix}/`))).toBe(true);
    }
    expect(isServerPath('/media?x=1')).toBe(true);
    expect(isServerPath('/library')).toBe(false);
    expect(isServerPath('/uploads-page')).toBe(false);
    expect(isServerPath('/')).toBe(false);
  });

  it('revalidates the worker script and types the manifest', async () => {
    stack = await Stack.start();
    await withInstallableWeb(stack);
    const sw = await stack.call('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await stack.call('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect((await stack.call('/icons/icon-192.png')).headers.get('content-type')).toBe('image/png');
  });

  it('with a password: the sign-in page links the manifest, its icons load, the worker not', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD, host: '0.0.0.0' });
    await withInstallableWeb(stack);
    const form = await stack.call('/login');
    expect(form.text).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(form.text).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    for (const open of ['/manifest.webmanifest', '/icons/icon-192.png', '/favicon.svg']) {
      expect((await stack.call(open, { redirect: 'manual' })).status).toBe(200);
    }
    // Without a session no worker installs, and a file fetched (as fetch does, Sec-Fetch-Mode
    // cors) is refused rather than led to the sign-in page, which a precache would keep.
    for (const guarded of ['/sw.js', '/index.html', '/assets/index-AbC123.js', '/icons/x.svg']) {
      const res = await stack.call(guarded, { redirect: 'manual' });
      expect(res.status, guarded).toBe(401);
      expect(res.text, guarded).not.toContain('<form');
    }
  });
});
