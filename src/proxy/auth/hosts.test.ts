import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { jobSchema, uploadEnvelopeSchema, type StudioError } from '@/contract/studio-api';
import { Stack, waitFor, type Recorded } from '../test/harness';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const PASSWORD = 'correct horse battery';
const EVIL = 'rebind.attacker.example';
const diffusion = JSON.stringify({ operation: 'diffusion', params: { text: 'a red fox' } });
const json = { 'content-type': 'application/json' };

const portOf = (s: Stack) => new URL(s.proxy.url).port;

/** What a browser sends once `EVIL` resolves to 127.0.0.1: its own name, "same-origin". */
const rebound = (s: Stack, headers: Record<string, string> = {}) => ({
  host: `${EVIL}:${portOf(s)}`,
  origin: `http://${EVIL}:${portOf(s)}`,
  'sec-fetch-site': 'same-origin',
  ...headers,
});

function expectMisdirected(s: Stack, rec: Recorded): void {
  expect(rec.status, rec.url).toBe(421);
  expect(rec.headers.get('content-security-policy'), rec.url).toContain("default-src 'self'");
  const { error } = JSON.parse(rec.text) as { error: StudioError };
  expect(error).toMatchObject({ status: 421, code: 'misdirected_request' });
  expect(error.message).toContain(`"${EVIL}:${portOf(s)}"`);
  expect(error.hint).toContain('STUDIO_ALLOWED_HOSTS');
}

/** A completed job and an upload made the proper way, for the attacker to go after. */
async function somethingToSteal(s: Stack) {
  const created = await s.post<{ job: { id: string } }>('/studio-api/jobs', JSON.parse(diffusion));
  const id = created.body.job.id;
  await waitFor(async () => {
    const job = jobSchema.parse(
      (await s.json<{ job: unknown }>(`/studio-api/jobs/${id}`)).body.job,
    );
    return job.status === 'completed';
  });
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const up = await s.json('/studio-api/uploads', { method: 'POST', body: new Uint8Array(png) });
  return { id, png, preview: uploadEnvelopeSchema.parse(up.body).upload.previewUrl };
}

const uploadsIn = (s: Stack) => s.rows('SELECT id FROM uploads').length;

describe('DNS rebinding: only the hosts the studio is served under', () => {
  it('answers another name 421 on every route, and creates nothing', async () => {
    const s = (stack = await Stack.start());
    await s.withBuiltWeb();
    const { id, png, preview } = await somethingToSteal(s);
    const stored = uploadsIn(s);

    const post = (body: string | Buffer, type: string) => ({
      method: 'POST',
      headers: rebound(s, { 'content-type': type }),
      body,
    });
    const answers = [
      await s.raw('/studio-api/jobs', { headers: rebound(s) }),
      await s.raw(`/studio-api/jobs/${id}`, { headers: rebound(s) }),
      await s.raw('/studio-api/jobs', post(diffusion, 'application/json')),
      await s.raw('/studio-api/events', { headers: rebound(s) }),
      await s.raw(`/media/${id}/0`, { headers: rebound(s) }),
      await s.raw('/studio-api/uploads', post(png, 'image/png')),
      await s.raw(preview, { headers: rebound(s) }),
      await s.raw('/', { headers: rebound(s) }),
      await s.raw('/assets/index-AbC123.js', { headers: rebound(s) }),
      await s.raw('/healthz', { method: 'POST', headers: rebound(s) }),
      await s.raw('/healthz/x', { headers: rebound(s) }),
      await s.raw('/hooks/probe', { headers: rebound(s) }),
      await s.raw(`/hooks/${'A'.repeat(22)}`, post('{}', 'application/json')),
    ];
    for (const rec of answers) expectMisdirected(s, rec);

    expect(s.fake.creates).toHaveLength(1);
    expect(uploadsIn(s)).toBe(stored);
    const list = await s.json<{ jobs: unknown[] }>('/studio-api/jobs');
    expect(list.body.jobs).toHaveLength(1);
  });

  it('with a password, before the sign-in: no form, no session', async () => {
    const s = (stack = await Stack.start({ studioPassword: PASSWORD }));
    const login = {
      method: 'POST',
      headers: rebound(s, { 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ password: PASSWORD }).toString(),
    };
    const answers = [
      await s.raw('/login', { headers: rebound(s) }),
      await s.raw('/login', login),
      await s.raw('/studio-api/jobs', { headers: rebound(s) }),
      await s.raw('/studio-api/jobs', { ...login, headers: rebound(s, json), body: diffusion }),
      await s.raw('/studio-api/events', { headers: rebound(s) }),
      await s.raw('/library', { headers: rebound(s) }),
      await s.raw(`/u/${'A'.repeat(22)}.png`, { headers: rebound(s) }),
    ];
    for (const rec of answers) expectMisdirected(s, rec);
    expect(answers.map((a) => a.headers.get('set-cookie'))).toEqual(answers.map(() => null));
    expect(s.fake.creates).toHaveLength(0);
    expect((await s.call('/login')).status).toBe(200);
  });

  it('answers health and readiness probes under any name: an orchestrator names the pod by its address', async () => {
    const s = (stack = await Stack.start({ studioPassword: PASSWORD }));
    const probe = { host: `10.42.0.17:${portOf(s)}` };
    const live = await s.raw('/healthz', { headers: probe });
    expect(live.status).toBe(200);
    expect(JSON.parse(live.text)).toEqual({ ok: true });
    const ready = await s.raw('/readyz', { headers: probe });
    expect(ready.status).toBe(200);
    expect((await s.raw('/healthz', { method: 'HEAD', headers: probe })).status).toBe(200);
    // Nothing else, signed in or not.
    expect((await s.raw('/studio-api/jobs', { headers: probe })).status).toBe(421);
    expect((await s.raw('/login', { headers: probe })).status).toBe(421);
  });

  it('answers loopback, PUBLIC_URL and STUDIO_ALLOWED_HOSTS names, and only those', async () => {
    const s = (stack = await Stack.start({
      publicUrl: 'https://studio.example.com',
      allowedHosts: ['studio.lan', 'other.lan:1234'],
    }));
    const port = portOf(s);
    const ok = ['localhost', '127.0.0.1', '[::1]', 'studio.lan', 'Studio.LAN']
      .map((name) => `${name}:${port}`)
      .concat(['studio.example.com', 'studio.lan', 'other.lan:1234']);
    for (const host of ok) {
      expect((await s.raw('/studio-api/jobs', { headers: { host } })).status, host).toBe(200);
    }
    const refused = [`other.lan:${port}`, 'localhost:1', 'localhost', `${EVIL}:${port}`];
    const more = [`studio.example.com.${EVIL}`, `127.0.0.1.${EVIL}:${port}`, `${EVIL}`];
    for (const host of [...refused, ...more]) {
      expect((await s.raw('/studio-api/jobs', { headers: { host } })).status, host).toBe(421);
    }
  });

  it('trusts an Origin only when it names one of those hosts', async () => {
    const s = (stack = await Stack.start({ allowedHosts: ['studio.lan'] }));
    const port = portOf(s);
    const create = (origin: string) =>
      s.raw('/studio-api/jobs', {
        method: 'POST',
        headers: { ...json, host: `127.0.0.1:${port}`, origin },
        body: diffusion,
      });
    expect((await create(`http://${EVIL}:${port}`)).status).toBe(403);
    expect((await create(`http://localhost:1`)).status).toBe(403);
    expect((await create('null')).status).toBe(403);
    expect(s.fake.creates).toHaveLength(0);
    expect((await create(`http://localhost:${port}`)).status).toBe(200);
    expect((await create(`http://[::1]:${port}`)).status).toBe(200);
    expect((await create('https://studio.lan')).status).toBe(200);
    expect(s.fake.creates).toHaveLength(3);
  });
});
