import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Stack } from '../test/harness';

let stack: Stack;
afterEach(() => stack.stopChecked());

describe('the SPA and the fixed routes', () => {
  it('serves index.html for client routes and caches hashed assets for good', async () => {
    stack = await Stack.start();
    writeFileSync(path.join(stack.dataDir, 'secret.txt'), 'do not serve');
    await stack.withBuiltWeb();

    const index = await stack.call('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect((await stack.call('/jobs/some-client-route')).text).toContain('id="root"');

    const asset = await stack.call('/assets/index-AbC123.js');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await stack.call('/assets/missing-XyZ.js')).status).toBe(404);
    expect((await stack.raw('/%2e%2e/secret.txt')).status).toBe(404);
    expect((await stack.raw('/..%2fsecret.txt')).status).toBe(400);
    expect((await stack.raw('/../secret.txt')).status).toBe(404);
    expect((await stack.raw('/%2e%2e/secret')).status).toBe(200); // the SPA, not the file
  });

  it('says how to build the SPA when it is missing; health and unknown API routes', async () => {
    stack = await Stack.start();
    const home = await stack.call('/');
    expect(home.status).toBe(503);
    expect(home.text).toContain('npm run build');
    const health = await stack.json('/healthz');
    expect(health).toMatchObject({ status: 200, body: { ok: true } });
    const unknown = await stack.json<{ error: { code: string } }>('/studio-api/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });
});
