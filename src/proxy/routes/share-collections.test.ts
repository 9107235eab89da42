import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectionEnvelopeSchema } from '@/contract/collections';
import type { Job } from '@/contract/studio-api';
import { STORE_KINDS } from '../test/store-kinds';
import { Stack } from '../test/harness';
import { linksOn, pathOf, shareAs, sharedPhoto, sharesSeenBy } from '../test/share-links';
import { studiosOn } from '../test/studio-on';
import { asJson, auditLog, createAs, finished, PASSWORD, signIn, team } from '../test/team';
import { SHARE_GONE_TEXT } from './share-page';

/**
 * Share links to a collection over real sockets: the page shows the collection's images
 * as it holds them when it is read, each under a key of the link's own that names no
 * handle; an image taken out answers 404 under its old key, and a deleted collection
 * makes the link gone. Any member may share any collection (everyone sees every one).
 */
const stacks: Stack[] = [];
let photo: Buffer;
const { freshDatabase, studioOn } = studiosOn();

beforeAll(async () => {
  photo = await sharedPhoto();
});

afterEach(async () => {
  for (const s of stacks.splice(0).reverse()) await s.stopChecked();
});

async function started(s: Stack): Promise<Stack> {
  stacks.push(s);
  s.fake.serveMedia('image', photo);
  return s;
}

async function made(s: Stack, cookie: string, text: string): Promise<Job> {
  return finished(s, cookie, (await createAs(s, cookie, text)).id);
}

/** A new collection of `cookie`'s person holding `items`; its id. */
async function collection(s: Stack, cookie: string, name: string, items: unknown[]) {
  const res = await s.json('/studio-api/collections', asJson(cookie, 'POST', { name, items }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return collectionEnvelopeSchema.parse(res.body).collection.id;
}

async function changeItems(s: Stack, cookie: string, id: string, tail: string, items: unknown[]) {
  const res = await s.call(
    `/studio-api/collections/${id}/${tail}`,
    asJson(cookie, 'POST', { items }),
  );
  expect(res.status, res.text).toBe(200);
}

/** The files a page shows: each thumbnail's image path (its original). */
const imagesOn = (html: string): string[] =>
  linksOn(html)
    .filter((l) => l.endsWith('/thumb/768') || l.endsWith('/thumb/1536'))
    .map((l) => l.replace(/\/thumb\/\d+$/, ''));

const keyOf = (path: string): string => path.split('/').at(-1) ?? '';

describe.each(STORE_KINDS)('a collection’s share link on %s', (kind) => {
  // Three sign-ins, three jobs and some twenty page and image reads, each image decoded: on
  // PostgreSQL in a full run on two cores it has taken more than the default 20 s.
  it('shows the collection’s images as they are now, under keys of the link’s own', async () => {
    const s = await started(await studioOn(kind));
    const { cookies } = await team(s, ['member', 'member']);
    const [ana, ben] = [cookies.member0 ?? '', cookies.member1 ?? ''];
    const fox = await made(s, ana, 'a fox asleep in the snow');
    const owl = await made(s, ben, 'an owl over the barn');
    const id = await collection(s, ana, 'Night walk', [{ job: fox.id, image: 1 }, { job: owl.id }]);

    // Another member shares Ana's collection: everyone signed in sees it.
    const link = await shareAs(s, ben, { collectionId: id });
    expect(link).toMatchObject({
      collectionId: id,
      jobId: null,
      index: null,
      title: 'Night walk',
      state: 'active',
      showPrompt: false,
    });
    const path = pathOf(link.url);
    const page = await s.call(path, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.text).toContain('<title>Night walk</title>');
    for (const secret of [fox.id, owl.id, id, 'fox asleep', 'owl over']) {
      expect(page.text).not.toContain(secret);
    }
    // The owl's four (newest first), then the fox's one image.
    const images = imagesOn(page.text);
    expect(images).toHaveLength(5);
    for (const l of linksOn(page.text)) expect(l.startsWith(`${path}/`)).toBe(true);
    for (const image of images) expect(keyOf(image)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(images).size).toBe(5);
    const og = /property="og:image" content="([^"]+)"/.exec(page.text)?.[1];
    expect(og).toBe(`${s.proxy.url}${images[0] ?? ''}/thumb/1536`);

    const original = await s.call(images[4] ?? '');
    expect(original.status).toBe(200);
    expect(original.headers.get('set-cookie')).toBeNull();
    expect(await sharp(original.bytes).metadata()).toMatchObject({ width: 1024, height: 768 });
    const thumb = await s.call(`${images[0] ?? ''}/thumb/384`);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 384, height: 288 });
    // A job link's keys mean nothing here.
    expect((await s.call(`${path}/0`)).status).toBe(404);

    // Another link to it: other keys for the same images, and the prompts when asked.
    const told = await shareAs(s, ana, { collectionId: id, showPrompt: true });
    const toldPage = await s.call(pathOf(told.url));
    const toldKeys = imagesOn(toldPage.text).map(keyOf);
    expect(toldKeys).toHaveLength(5);
    for (const key of images.map(keyOf)) expect(toldKeys).not.toContain(key);
    expect((await s.call(`${pathOf(told.url)}/${keyOf(images[0] ?? '')}`)).status).toBe(404);
    expect(toldPage.text).toContain('a fox asleep in the snow');
    expect(toldPage.text).toContain('an owl over the barn');

    // Added later: shown. Taken out: gone from the page, and its old keys answer 404.
    const hare = await made(s, ana, 'a hare in the frost');
    await changeItems(s, ana, id, 'items', [{ job: hare.id }]);
    await changeItems(s, ana, id, 'items/remove', [{ job: owl.id }]);
    const now = imagesOn((await s.call(path)).text);
    expect(now).toHaveLength(5);
    expect(now.slice(0, 4)).not.toContain(images[0]);
    expect(now[4]).toBe(images[4]);
    for (const old of images.slice(0, 4)) {
      expect((await s.call(old)).status).toBe(404);
      expect((await s.call(`${old}/thumb`)).status).toBe(404);
    }
    expect((await s.call(now[0] ?? '')).status).toBe(200);

    // Emptied, the page says so; the link still works for what is added next.
    await changeItems(s, ana, id, 'items/remove', [{ job: hare.id }, { job: fox.id, image: 1 }]);
    const empty = await s.call(path);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Nothing is in this collection now.');
  }, 60_000);
});

describe('a collection’s share link', () => {
  it('shows the newest 200 images of a larger collection, and says so', async () => {
    const s = await started(await Stack.start({ studioPassword: PASSWORD }));
    const owner = await signIn(s, 'owner@localhost', PASSWORD);
    const jobs = await Promise.all(
      Array.from({ length: 51 }, (_, n) => made(s, owner, `picture ${n}`)),
    );
    const id = await collection(
      s,
      owner,
      'Many',
      jobs.map((j) => ({ job: j.id })),
    );
    const link = await shareAs(s, owner, { collectionId: id });
    const page = await s.call(pathOf(link.url));
    expect(imagesOn(page.text)).toHaveLength(200);
    expect(page.text).toContain('The newest 200 images of the collection.');
  });

  it('is refused when tampered with, lapsed, revoked, or its collection deleted', async () => {
    const s = await started(await Stack.start({ studioPassword: PASSWORD }));
    const { cookies } = await team(s, ['member']);
    const ana = cookies.member0 ?? '';
    const fox = await made(s, ana, 'a fox');
    const id = await collection(s, ana, 'Foxes', [{ job: fox.id }]);
    const gone = async (p: string, status: number) => {
      const res = await s.call(p);
      expect(res.status, p).toBe(status);
      expect(res.text).toContain(SHARE_GONE_TEXT);
      expect(res.text).not.toContain('Foxes');
    };

    const lapsing = await shareAs(s, ana, { collectionId: id });
    const [token, signature] = pathOf(lapsing.url).slice(3).split('.') as [string, string];
    await gone(`/s/${token}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, 404);
    const db = new Database(join(s.dataDir, 'studio.sqlite'));
    db.prepare('UPDATE share_links SET expires_ms = ? WHERE id = ?').run(
      Date.now() - 1,
      lapsing.id,
    );
    db.close();
    await gone(pathOf(lapsing.url), 410);

    const revoking = await shareAs(s, ana, { collectionId: id });
    const image = imagesOn((await s.call(pathOf(revoking.url))).text)[0] ?? '';
    expect((await s.call(`${image}/thumb`)).status).toBe(200);
    const revoked = await s.call(`/studio-api/shares/${revoking.id}`, asJson(ana, 'DELETE'));
    expect(revoked.status).toBe(200);
    await gone(pathOf(revoking.url), 410);
    await gone(`${image}/thumb`, 410);

    const deleting = await shareAs(s, ana, { collectionId: id });
    const kept = imagesOn((await s.call(pathOf(deleting.url))).text)[0] ?? '';
    const deleted = await s.call(`/studio-api/collections/${id}`, asJson(ana, 'DELETE'));
    expect(deleted.status).toBe(200);
    await gone(pathOf(deleting.url), 410);
    await gone(kept, 410);
    // Its job stays, and so does a link to the job.
    expect((await s.call(pathOf((await shareAs(s, ana, { jobId: fox.id })).url))).status).toBe(200);

    const listed = (await sharesSeenBy(s, ana)).map((x) => [x.title, x.state]);
    expect(listed).toEqual([
      ['Imagine', 'active'],
      ['A deleted collection', 'gone'],
      ['A deleted collection', 'revoked'],
      ['A deleted collection', 'expired'],
    ]);
  });

  it('is made by members and up of one collection, named by exactly one field', async () => {
    const s = await started(await Stack.start({ studioPassword: PASSWORD }));
    const { cookies } = await team(s, ['member', 'member', 'viewer']);
    const [ana, ben, vic] = [cookies.member0 ?? '', cookies.member1 ?? '', cookies.viewer2 ?? ''];
    const fox = await made(s, ana, 'a fox');
    const id = await collection(s, ana, 'Foxes', [{ job: fox.id, image: 0 }]);

    const bad = async (cookie: string, body: unknown, status: number, words: string) => {
      const res = await s.json<{ error: { message: string } }>(
        '/studio-api/shares',
        asJson(cookie, 'POST', body),
      );
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toContain(words);
    };
    const both = 'jobId, collectionId: give exactly one';
    await bad(ana, { collectionId: id, jobId: fox.id }, 400, both);
    await bad(ana, { showPrompt: true }, 400, both);
    await bad(ana, { collectionId: id, index: 0 }, 400, 'index: names an image of a job');
    await bad(ana, { collectionId: 'no such one' }, 400, 'collectionId: must be a collection id');
    await bad(ana, { collectionId: 'nosuchcoll1' }, 404, 'collectionId: no collection');
    const viewer = await s.call('/studio-api/shares', asJson(vic, 'POST', { collectionId: id }));
    expect(viewer.status).toBe(403);

    const byBen = await shareAs(s, ben, { collectionId: id, expiresInDays: 30 });
    expect((Date.parse(byBen.expiresAt) - Date.parse(byBen.createdAt)) / 864e5).toBe(30);
    expect((await sharesSeenBy(s, ben)).map((x) => x.id)).toEqual([byBen.id]);
    expect(await sharesSeenBy(s, ana)).toEqual([]);
    // Its maker revokes it; the collection's owner, a member, does not see it to.
    const reach = await s.call(`/studio-api/shares/${byBen.id}`, asJson(ana, 'DELETE'));
    expect(reach.status).toBe(404);
    expect((await s.call(`/studio-api/shares/${byBen.id}`, asJson(ben, 'DELETE'))).status).toBe(
      200,
    );

    const owner = await signIn(s, 'owner@localhost', PASSWORD);
    expect(await auditLog(s, owner, 'action=share_made')).toEqual([
      expect.objectContaining({
        subject: id,
        detail: { link: byBen.id, collection: 'Foxes' },
      }),
    ]);
  });

  it('revoked on one replica, or its collection deleted, shows nothing on another (PostgreSQL)', async () => {
    const databaseUrl = await freshDatabase();
    const a = await started(await Stack.start({ studioPassword: PASSWORD, databaseUrl }));
    const b = await started(await Stack.start({ studioPassword: PASSWORD, databaseUrl }));
    const owner = await signIn(a, 'owner@localhost', PASSWORD);
    const fox = await made(a, owner, 'two replicas');
    const id = await collection(a, owner, 'Shared', [{ job: fox.id }]);
    const revoking = await shareAs(a, owner, { collectionId: id });
    const deleting = await shareAs(a, owner, { collectionId: id });
    const image = imagesOn((await b.call(pathOf(revoking.url))).text)[0] ?? '';
    expect((await b.call(image)).status).toBe(200);
    expect(
      (await b.call(`/studio-api/shares/${revoking.id}`, asJson(owner, 'DELETE'))).status,
    ).toBe(200);
    expect((await a.call(pathOf(revoking.url))).status).toBe(410);
    expect((await a.call(image)).status).toBe(410);
    expect((await a.call(pathOf(deleting.url))).status).toBe(200);
    expect((await b.call(`/studio-api/collections/${id}`, asJson(owner, 'DELETE'))).status).toBe(
      200,
    );
    expect((await a.call(pathOf(deleting.url))).status).toBe(410);
  });
});
