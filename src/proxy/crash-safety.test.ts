import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jobListSchema, type Job } from '@/contract/studio-api';
import { FAKE_KEY, FakeUpstream } from './test/fake-upstream';
import { waitFor } from './test/harness';
import { freePort } from '@/proxy/test/free-port';
import { type ProxyProcess, spawnProxy } from './test/proxy-process';

const CREATES = 20;
/** How many of them the upstream makes; the others are lost on the way (never made). */
const MADE = 12;

let fake: FakeUpstream | null = null;
let studio: ProxyProcess | null = null;
let dir = '';
afterEach(async () => {
  studio?.child.kill('SIGKILL');
  await studio?.exited;
  await fake?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function history(url: string): Promise<Job[]> {
  const res = await fetch(`${url}/studio-api/jobs?limit=100`);
  return jobListSchema.parse(await res.json()).jobs;
}

/** Fires one create and reports how it ended: the HTTP status, or that no answer came. */
const create = (url: string, i: number): Promise<number | 'no answer'> =>
  fetch(`${url}/studio-api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operation: 'diffusion', params: { text: `crash test ${i}` } }),
  }).then(
    (res) => res.status,
    () => 'no answer',
  );

describe('a studio killed while creates are in flight', () => {
  it('loses no task the upstream made, and shows the others as unknown', async () => {
    fake = await new FakeUpstream().start();
    dir = mkdtempSync(path.join(tmpdir(), 'proxy-crash-'));
    const port = await freePort();
    const env = {
      UPSTREAM_URL: fake.url,
      UPSTREAM_API_KEY: FAKE_KEY,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STUDIO_DATA_DIR: dir,
      STUDIO_WEB_DIR: path.join(dir, 'web'),
    };
    studio = await spawnProxy(env);
    let release = () => undefined as void;
    fake.createGate = new Promise<void>((resolve) => (release = resolve));
    fake.maxTasks = MADE;

    const answers = Array.from({ length: CREATES }, (_, i) => create(studio?.url ?? '', i));
    // Every create has reached the upstream, none has been answered: now the studio dies.
    await waitFor(async () => fake?.creates.length === CREATES, 10_000);
    studio.child.kill('SIGKILL');
    expect(await studio.exited).toBeNull();
    expect(await Promise.all(answers)).toEqual(Array(CREATES).fill('no answer'));
    expect(fake.creates.every((c) => String(c.body.callback).startsWith(env.PUBLIC_URL))).toBe(
      true,
    );

    studio = await spawnProxy(env);
    expect(studio.output()).toMatch(/"count":20,"msg":"creates interrupted by the last stop"/);
    // The upstream now makes the tasks it received and calls the studio back.
    release();
    await waitFor(async () => fake?.deliveries.filter((d) => d.status !== null).length === MADE);
    expect(fake.deliveries.map((d) => d.status)).toEqual(Array(MADE).fill(200));
    expect(fake.tasks.size).toBe(MADE);

    const url = studio.url;
    const jobs = await waitFor(async () => {
      const all = await history(url);
      return all.filter((j) => j.status === 'completed').length === MADE ? all : null;
    });
    const made = [...fake.tasks.values()].map((t) => t.input.text).sort();
    const done = jobs.filter((j) => j.status === 'completed');
    expect(done.map((j) => j.prompt).sort()).toEqual(made);
    expect(done.every((j) => j.createUnknown === null && j.output?.images.length === 4)).toBe(true);
    // The creates the upstream never made are not shown as jobs, but as unknown.
    const rest = jobs.filter((j) => j.status !== 'completed');
    expect(rest).toHaveLength(CREATES - MADE);
    expect(rest.every((j) => j.status === 'pending' && j.createUnknown !== null)).toBe(true);
    expect(rest.some((j) => made.includes(j.prompt))).toBe(false);
    // Unknown jobs have no id to read: the upstream is never asked about them.
    expect(fake.jobReads).toBe(0);
  }, 30_000);
});
