import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_KEY, FakeUpstream } from './test/fake-upstream';
import { waitFor } from './test/harness';
import { SseClient } from './test/sse-client';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

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
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        UPSTREAM_URL: fake.url,
        UPSTREAM_API_KEY: FAKE_KEY,
        PORT: '0',
        STUDIO_DATA_DIR: dir,
        STUDIO_WEB_DIR: path.join(dir, 'web'),
        STUDIO_CALLBACKS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 20_000);
      child.stdout.on('data', () => {
        const m = /Studio ready: open (http:\/\/\S+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const events = await SseClient.open(`${url}/studio-api/events`);
    await events.next((m) => m.event === 'status');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitFor(async () => events.ended, 2000);
    expect(out).toMatch(/studio proxy stopped/);
    await events.close();
  }, 30_000);
});
