import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shareEnvelopeSchema, shareListSchema } from '@/contract/shares';
import { jobSchema, type Job } from '@/contract/studio-api';
import { waitFor, Stack } from '../test/harness';
import { asJson, PASSWORD, signIn, team } from '../test/team';
import { linksOn, pathOf, shareAs, sharedPhoto } from '../test/share-links';
import { studiosOn } from '../test/studio-on';
import { SHARE_GONE_TEXT } from './share-page';

/**
 * Share links over real sockets: made by members of their own jobs, opened by anyone
 * with no session, refused when tampered with, guessed, lapsed, revoked or their job
 * deleted, and never naming a job's handle.
 */
let stack: Stack | null = null;
let replica: Stack | null = null;
let photo: Buffer;
const { freshDatabase } = studiosOn();

beforeAll(async () => {
  photo = await sharedPhoto();
});

afterEach(async () => {
  await replica?.stopChecked();
  await stack?.stopChecked();
  stack = null;
  replica = null;
});

async function studio() {
  const s = await Stack.start({ studioPassword: PASSWORD });
  stack = s;
  s.fake.serveMedia('image', photo);
  const { cookies } = await team(s, ['admin', 'member', 'member', 'viewer']);
  const as = (who: string) => cookies[who] ?? '';
  return {
    s,
    cookies: {
      owner: as('owner'),
      admin0: as('admin0'),
      member1: as('member1'),
      member2: as('member2'),
      viewer3: as('viewer3'),
    },
  };
}

async function finished(s: Stack, cookie: string, text: string): Promise<Job> {
  const made = await s.json<{ job: unknown }>(
    '/studio-api/jobs',
    asJson(cookie, 'POST', { operation: 'diffusion', params: { text } }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { id } = jobSchema.parse(made.body.job);
  return waitFor(async () => {
    const res = await s.json<{ job: unknown }>(`/studio-api/jobs/${id}`, {
      headers: { cookie },
    });
    const job = jobSchema.parse(res.body.job);
    return job.status === 'completed' ? job : null;
  });
}

describe('share links', () => {
  it('show a job to anyone, with no session read or set, and no handle or prompt unless asked', async () => {
    const { s, cookies } = await studio();
    const job = await finished(s, cookies.member1, 'a secret lighthouse at dusk');
    const link = await shareAs(s, cookies.member1, { jobId: job.id });
    expect(link).toMatchObject({ jobId: job.id, index: null, showPrompt: false, state: 'active' });
    expect(link.url).toMatch(
      new RegExp(`^${s.proxy.url}/s/[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{32}$`),
    );
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 864e5;
    expect(days).toBe(7);

    // No cookie at all: the page, not a redirect to sign in.
    const page = await s.call(pathOf(link.url), { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.text).not.toContain(job.id);
    expect(page.text).not.toContain('lighthouse');
    expect(page.text).toContain('<title>Shared images</title>');
    expect(page.text).toContain(`<meta property="og:url" content="${link.url}">`);
    const sources = linksOn(page.text);
    expect(sources.filter((l) => l?.endsWith('/thumb/768'))).toHaveLength(4);
    for (const l of sources) expect(l?.startsWith(pathOf(link.url))).toBe(true);
    const og = /property="og:image" content="([^"]+)"/.exec(page.text)?.[1] ?? '';
    expect(og).toBe(`${link.url}/0/thumb/1536`);

    // Its files, decoded: the original and a thumbnail, under the link's own path.
    const original = await s.call(`${pathOf(link.url)}/2`);
    expect(original.status).toBe(200);
    expect(original.headers.get('set-cookie')).toBeNull();
    expect(await sharp(original.bytes).metadata()).toMatchObject({ width: 1024, height: 768 });
    const thumb = await s.call(`${pathOf(link.url)}/3/thumb/384`);
    expect(thumb.status).toBe(200);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 384, height: 288 });
    expect((await s.call(`${pathOf(link.url)}/4`)).status).toBe(404);

    // A session sent along is neither needed nor renewed.
    const withCookie = await s.call(pathOf(link.url), { headers: { cookie: cookies.member1 } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('set-cookie')).toBeNull();

    // Shown with its prompt when asked, one image only when one is shared.
    const one = await shareAs(s, cookies.member1, { jobId: job.id, index: 1, showPrompt: true });
    const onePage = await s.call(pathOf(one.url));
    expect(onePage.text).toContain('a secret lighthouse at dusk');
    expect(linksOn(onePage.text)).toEqual([
      `${pathOf(one.url)}/1`,
      `${pathOf(one.url)}/1/thumb/1536`,
    ]);
    expect((await s.call(`${pathOf(one.url)}/0`)).status).toBe(404);
    expect((await s.call(`${pathOf(one.url)}/0/thumb`)).status).toBe(404);
  });

  it('refuse tampered, guessed, lapsed, revoked and deleted links with one message', async () => {
    const { s, cookies } = await studio();
    const job = await finished(s, cookies.member1, 'a harbour');
    const link = await shareAs(s, cookies.member1, { jobId: job.id, expiresInDays: 1 });
    const path = pathOf(link.url);
    const gone = async (p: string, status: number) => {
      const res = await s.call(p);
      expect(res.status, p).toBe(status);
      expect(res.text).toContain(SHARE_GONE_TEXT);
      expect(res.text).not.toContain(job.id);
    };
    const flip = (ch: string) => (ch === 'A' ? 'B' : 'A');
    const [id, signature] = path.slice(3).split('.') as [string, string];
    await gone(`/s/${id}.${signature.slice(0, -1)}${flip(signature.at(-1) ?? '')}`, 404);
    await gone(`/s/${flip(id[0] ?? '')}${id.slice(1)}.${signature}`, 404);
    await gone(`/s/${id}`, 404);
    await gone(`/s/${'x'.repeat(22)}.${'y'.repeat(32)}`, 404);
    await gone(`${path.replace(signature, 'A'.repeat(32))}/0`, 404);
    expect((await s.call(path)).status).toBe(200);

    // Lapsed: the page and its files are gone, and the list says why.
    const db = new Database(join(s.dataDir, 'studio.sqlite'));
    db.prepare('UPDATE share_links SET expires_ms = ? WHERE id = ?').run(Date.now() - 1, link.id);
    db.close();
    await gone(path, 410);
    await gone(`${path}/0`, 410);
    const listed = await s.json('/studio-api/shares', { headers: { cookie: cookies.member1 } });
    expect(shareListSchema.parse(listed.body).shares[0]?.state).toBe('expired');

    // Revoked: at once, page and files.
    const other = await shareAs(s, cookies.member1, { jobId: job.id });
    expect((await s.call(`${pathOf(other.url)}/0/thumb`)).status).toBe(200);
    const revoked = await s.json(
      `/studio-api/shares/${other.id}`,
      asJson(cookies.member1, 'DELETE'),
    );
    expect(revoked.status).toBe(200);
    expect(shareEnvelopeSchema.parse(revoked.body).share.state).toBe('revoked');
    await gone(pathOf(other.url), 410);
    await gone(`${pathOf(other.url)}/0/thumb`, 410);

    // Its job deleted: gone too.
    const third = await shareAs(s, cookies.member1, { jobId: job.id });
    const deleted = await s.call(`/studio-api/jobs/${job.id}`, asJson(cookies.member1, 'DELETE'));
    expect(deleted.status).toBe(200);
    await gone(pathOf(third.url), 410);
    const after = await s.json('/studio-api/shares', { headers: { cookie: cookies.member1 } });
    const states = shareListSchema.parse(after.body).shares.map((x) => x.state);
    expect(states).toEqual(['gone', 'revoked', 'expired']);
  });

  it('are made of one’s own finished jobs, listed and revoked by their maker or an admin', async () => {
    const { s, cookies } = await studio();
    const mine = await finished(s, cookies.member1, 'mine');
    const theirs = await finished(s, cookies.member2, 'theirs');

    const refused = await s.json<{ error: { message: string } }>(
      '/studio-api/shares',
      asJson(cookies.member1, 'POST', { jobId: theirs.id }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('jobId');
    const viewer = await s.call(
      '/studio-api/shares',
      asJson(cookies.viewer3, 'POST', { jobId: mine.id }),
    );
    expect(viewer.status).toBe(403);

    const bad = async (body: unknown, status: number, words: string) => {
      const res = await s.json<{ error: { message: string } }>(
        '/studio-api/shares',
        asJson(cookies.member1, 'POST', body),
      );
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toContain(words);
    };
    await bad({ jobId: mine.id, expiresInDays: 3 }, 400, 'expiresInDays: must be one of 1, 7, 30');
    await bad({ jobId: mine.id, index: 4 }, 409, 'index: this job has 4 outputs');
    await bad({ jobId: mine.id, index: -1 }, 400, 'index');
    await bad({ jobId: mine.id, showPrompt: 'yes' }, 400, 'showPrompt');
    await bad({ jobId: mine.id, extra: 1 }, 400, 'extra');
    expect(
      (
        await s.call(
          '/studio-api/shares',
          asJson(cookies.member1, 'POST', { jobId: 'nosuchjob12' }),
        )
      ).status,
    ).toBe(404);

    const a = await shareAs(s, cookies.member1, { jobId: mine.id });
    const b = await shareAs(s, cookies.member2, { jobId: theirs.id });
    const c = await shareAs(s, cookies.admin0, { jobId: theirs.id, index: 0 });
    const list = async (who: string) =>
      shareListSchema
        .parse((await s.json('/studio-api/shares', { headers: { cookie: who } })).body)
        .shares.map((x) => x.id);
    expect(await list(cookies.member1)).toEqual([a.id]);
    expect(await list(cookies.member2)).toEqual([b.id]);
    expect(await list(cookies.owner)).toEqual([c.id, b.id, a.id]);

    // Another's link is unknown to a member; an admin revokes anyone's.
    const reach = await s.call(`/studio-api/shares/${b.id}`, asJson(cookies.member1, 'DELETE'));
    expect(reach.status).toBe(404);
    expect((await s.call(pathOf(b.url))).status).toBe(200);
    const byAdmin = await s.call(`/studio-api/shares/${b.id}`, asJson(cookies.admin0, 'DELETE'));
    expect(byAdmin.status).toBe(200);
    expect((await s.call(pathOf(b.url))).status).toBe(410);

    // Who made and revoked what is in the audit log.
    const audit = await s.json<{ entries: { action: string }[] }>('/studio-api/audit', {
      headers: { cookie: cookies.owner },
    });
    const actions = audit.body.entries.map((e) => e.action);
    expect(actions.filter((x) => x === 'share_made')).toHaveLength(3);
    expect(actions.filter((x) => x === 'share_revoked')).toHaveLength(1);
  });

  it('are rate-limited per address', async () => {
    const { s, cookies } = await studio();
    const job = await finished(s, cookies.member1, 'busy');
    const link = await shareAs(s, cookies.member1, { jobId: job.id });
    let answered = 0;
    let limited: { status: number; text: string } | null = null;
    for (let i = 0; i < 300 && limited === null; i++) {
      const res = await s.call(pathOf(link.url));
      if (res.status === 429) limited = res;
      else answered += 1;
    }
    expect(answered).toBe(240);
    expect(limited?.text).toContain('Too many requests for shared images');
  });

  it('revoked on one replica, show nothing on another at once (PostgreSQL)', async () => {
    const databaseUrl = await freshDatabase();
    const a = await Stack.start({ studioPassword: PASSWORD, databaseUrl });
    stack = a;
    a.fake.serveMedia('image', photo);
    const b = await Stack.start({ studioPassword: PASSWORD, databaseUrl });
    replica = b;
    const owner = await signIn(a, 'owner@localhost', PASSWORD);
    const job = await finished(a, owner, 'two replicas');
    const link = await shareAs(a, owner, { jobId: job.id });
    expect((await b.call(pathOf(link.url))).status).toBe(200);
    expect((await a.call(pathOf(link.url))).status).toBe(200);
    const revoked = await b.call(`/studio-api/shares/${link.id}`, asJson(owner, 'DELETE'));
    expect(revoked.status).toBe(200);
    expect((await a.call(pathOf(link.url))).status).toBe(410);
    expect((await a.call(`${pathOf(link.url)}/0`)).status).toBe(410);
  });
});
