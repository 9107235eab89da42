import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StudioError } from '@/contract/studio-api';
import { CONTENT_SECURITY_POLICY } from '../auth/headers';
import { loadProxyConfig } from '../config';
import { startProxy } from '../server';
import { Stack, waitFor } from '../test/harness';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const PASSWORD = 'correct horse battery';
const diffusion = { operation: 'diffusion', params: { text: 'a red fox' } };
const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function started(overrides: Parameters<typeof Stack.start>[0] = {}): Promise<Stack> {
  stack = await Stack.start(overrides);
  return stack;
}

/** Signs in and returns the cookie header to send. */
async function signIn(s: Stack): Promise<string> {
  const res = await s.call('/login', {
    method: 'POST',
    body: new URLSearchParams({ password: PASSWORD, next: '/library?x=1' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/library?x=1');
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

describe('security headers and request checks', () => {
  it('puts the security headers on every kind of answer', async () => {
    const s = await started();
    const events = await s.events();
    const answers = [
      await s.call('/healthz'),
      await s.call('/studio-api/nothing'),
      await s.call('/'),
      await s.call('/media/AAAAAAAAAAAA/0'),
      await s.call(`/u/${'A'.repeat(22)}.png`),
      await s.call('/studio-api/jobs', jsonPost({ operation: 'paint' })),
      await s.call('/studio-api/jobs', jsonPost(diffusion, { 'sec-fetch-site': 'cross-site' })),
      await s.call(`/hooks/${'A'.repeat(22)}`, jsonPost({})),
    ];
    for (const res of [...answers, { url: 'events', headers: events.headers }]) {
      expect(res.headers.get('content-security-policy'), res.url).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), res.url).toBe('no-referrer');
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it("allows index.html's own inline scripts by their hashes, and no other script", async () => {
    const s = await started();
    s.pageScripts = ['document.title="a"', 'document.title="b"'];
    await s.withBuiltWeb();
    const hashes = s.pageScripts.map(
      (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
    for (const path of ['/', '/studio-api/jobs?limit=1', '/assets/index-AbC123.js']) {
      const policy = (await s.call(path)).headers.get('content-security-policy') ?? '';
      expect(policy, path).toBe(
        `${CONTENT_SECURITY_POLICY}; script-src 'self' ${hashes.join(' ')}`,
      );
    }
  });

  it('refuses state-changing requests from other sites', async () => {
    const s = await started();
    const crossSite = await s.json<{ error: StudioError }>(
      '/studio-api/jobs',
      jsonPost(diffusion, { 'sec-fetch-site': 'cross-site' }),
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('cross_site');
    const sameSite = jsonPost(diffusion, { 'sec-fetch-site': 'same-site' });
    expect((await s.call('/studio-api/jobs', sameSite)).status).toBe(403);
    const evil = jsonPost(diffusion, { origin: 'https://evil.example' });
    expect((await s.call('/studio-api/jobs', evil)).status).toBe(403);
    const nullOrigin = jsonPost(diffusion, { origin: 'null' });
    expect((await s.call('/studio-api/jobs', nullOrigin)).status).toBe(403);
    const del = { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } };
    expect((await s.call('/studio-api/jobs/AAAAAAAAAAAA', del)).status).toBe(403);
    expect(s.fake.creates).toHaveLength(0);

    const own = jsonPost(diffusion, { origin: s.proxy.url, 'sec-fetch-site': 'same-origin' });
    expect((await s.call('/studio-api/jobs', own)).status).toBe(200);
    expect(
      (await s.call('/studio-api/jobs', jsonPost(diffusion, { origin: s.proxy.url }))).status,
    ).toBe(200);
    // Reading is never refused: a cross-site GET cannot read the answer anyway.
    const read = { headers: { 'sec-fetch-site': 'cross-site' } };
    expect((await s.call('/studio-api/jobs', read)).status).toBe(200);
  });

  it('limits the size of every request body', async () => {
    const s = await started();
    const big = (kb: number) => JSON.stringify({ pad: 'x'.repeat(kb * 1024) });
    const put = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: big(20) };
    expect((await s.call('/studio-api/jobs/AAAAAAAAAAAA/favourite', put)).status).toBe(413);
    const create = { ...jsonPost({}), body: big(300) };
    expect((await s.call('/studio-api/jobs', create)).status).toBe(413);
    const hook = { ...jsonPost({}), body: big(1100) };
    expect((await s.call(`/hooks/${'A'.repeat(22)}`, hook)).status).toBe(413);
  });
});

describe('exposing the studio', () => {
  const env = { UPSTREAM_URL: 'http://127.0.0.1:9', UPSTREAM_API_KEY: 'sk-test', PORT: '0' };

  it('refuses a non-loopback HOST without a password, at load and at start', async () => {
    expect(() => loadProxyConfig({ ...env, HOST: '0.0.0.0' })).toThrow(
      /HOST: 0\.0\.0\.0 is not a loopback address.*Set STUDIO_PASSWORD/,
    );
    const config = { ...loadProxyConfig(env), host: '0.0.0.0' };
    await expect(startProxy(config)).rejects.toThrow(/refuses to start.*STUDIO_PASSWORD/);
    expect(loadProxyConfig({ ...env, HOST: '0.0.0.0', STUDIO_PASSWORD: PASSWORD }).host).toBe(
      '0.0.0.0',
    );
    expect(() => loadProxyConfig({ ...env, STUDIO_PASSWORD: 'short' })).toThrow(
      /STUDIO_PASSWORD: must be at least 8 characters/,
    );
  });

  it('with a password: only signed-in browsers, except callbacks, uploads and health', async () => {
    const s = await started({ studioPassword: PASSWORD, callbacks: 'auto', host: '0.0.0.0' });
    const api = await s.json<{ error: StudioError }>('/studio-api/jobs');
    expect(api.status).toBe(401);
    expect(api.rec.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(api.body.error.code).toBe('unauthenticated');
    expect((await s.call('/studio-api/events')).status).toBe(401);
    expect((await s.call('/media/AAAAAAAAAAAA/0')).status).toBe(401);
    // Opening a page (a navigation) leads to sign-in; a file fetched for one is refused.
    const page = await s.raw('/library?tab=2', { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?next=%2Flibrary%3Ftab%3D2');
    expect((await s.call('/healthz')).status).toBe(200);
    expect((await s.call(`/u/${'A'.repeat(22)}.png`)).status).toBe(404);
    const form = await s.call('/login');
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<form method="post" action="\/login">/);

    const wrong = await s.call('/login', {
      method: 'POST',
      body: new URLSearchParams({ password: 'not it at all' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/Wrong email or password/);

    const cookie = await signIn(s);
    expect(cookie).toMatch(/^studio_session=[A-Za-z0-9_-]{43}$/);
    const raw = (
      await s.call('/login', {
        method: 'POST',
        body: new URLSearchParams({ password: PASSWORD }),
        redirect: 'manual',
      })
    ).headers.get('set-cookie');
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Strict/);
    expect(raw).not.toMatch(/Secure/);

    // Signed in, a job runs; its callback gets in without a session.
    const created = await s.json<{ job: { id: string } }>(
      '/studio-api/jobs',
      jsonPost(diffusion, { cookie }),
    );
    expect(created.status).toBe(200);
    // The callback is answered at once; the job completes once its media is cached.
    const status = async () =>
      (
        await s.json<{ job: { status: string } }>(`/studio-api/jobs/${created.body.job.id}`, {
          headers: { cookie },
        })
      ).body.job.status;
    await waitFor(async () => (await status()) === 'completed');
    expect(s.fake.deliveries[0]?.status).toBe(200);
    expect(s.fake.jobReads).toBe(0);

    const out = await s.call('/logout', {
      method: 'POST',
      headers: { cookie },
      redirect: 'manual',
    });
    expect(out.headers.get('location')).toBe('/login');
    expect(out.headers.get('clear-site-data')).toBe('"cache"');
    expect((await s.call('/studio-api/jobs', { headers: { cookie } })).status).toBe(401);
  });

  it('limits sign-in attempts per address, and refuses a cross-site sign-in', async () => {
    const s = await started({ studioPassword: PASSWORD });
    const attempt = (password: string, headers: Record<string, string> = {}) =>
      s.call('/login', {
        method: 'POST',
        body: new URLSearchParams({ password }),
        headers,
        redirect: 'manual',
      });
    expect((await attempt(PASSWORD, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}-xx`)).status).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.text).toMatch(/Too many attempts/);
    expect(s.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('behind https: a Secure __Host- cookie and HSTS', async () => {
    const s = await started({
      studioPassword: PASSWORD,
      publicUrl: 'https://studio.example.com',
      callbacks: 'off',
    });
    const res = await s.call('/login', {
      method: 'POST',
      body: new URLSearchParams({ password: PASSWORD }),
      redirect: 'manual',
    });
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-studio_session=.*; Secure/);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
