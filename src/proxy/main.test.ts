import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_KEY, FakeUpstream } from './test/fake-upstream';
import { waitFor } from './test/harness';
import { spawnProxy } from './test/proxy-process';
import { SseClient } from './test/sse-client';

let fake: FakeUpstream | null = null;
let dir = '';
afterEach(async () => {
  await fake?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the proxy process', () => {
  it('on SIGTERM ends event streams cleanly and exits 0', async () => {
    fake = await new FakeUpstream().start();
    dir = mkdtempSync(path.join(tmpdir(), 'proxy-main-'));
    const proxy = await spawnProxy({
      UPSTREAM_URL: fake.url,
      UPSTREAM_API_KEY: FAKE_KEY,
      PORT: '0',
      STUDIO_DATA_DIR: dir,
      STUDIO_WEB_DIR: path.join(dir, 'web'),
      STUDIO_CALLBACKS: 'off',
    });
    const events = await SseClient.open(`${proxy.url}/studio-api/events`);
    await events.next((m) => m.event === 'status');
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(0);
    await waitFor(async () => events.ended, 2000);
    expect(proxy.output()).toMatch(/studio proxy stopped/);
    await events.close();
  }, 30_000);
});
