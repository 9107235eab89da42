import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COLLECTION_ITEMS_MAX,
  collectionEnvelopeSchema,
  collectionItemsAnswerSchema,
  collectionListSchema,
  type Collection,
} from '@/contract/collections';
import { auditPageSchema } from '@/contract/audit';
import { manifestSchema } from '@/contract/exports';
import { jobListSchema } from '@/contract/studio-api';
import type { Stack } from '../test/harness';
import { STORE_KINDS, type StoreKind } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';
import { asJson, createAs, finished, team } from '../test/team';

/** The collections' routes over real sockets, as each role, on SQLite and PostgreSQL. */
let stack: Stack | null = null;
const { studioOn } = studiosOn();
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

type Failure = { error: { code: string; message: string } };

async function studio(kind: StoreKind) {
  stack = await studioOn(kind);
  const s = stack;
  const { cookies, ids } = await team(s, ['admin', 'member', 'member', 'viewer']);
  const who = {
    admin: cookies.admin0 ?? '',
    ana: cookies.member1 ?? '',
    ben: cookies.member2 ?? '',
    viewer: cookies.viewer3 ?? '',
  };
  const make = async (cookie: string, body: unknown) => {
    const res = await s.json<unknown>('/studio-api/collections', asJson(cookie, 'POST', body));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return collectionEnvelopeSchema.parse(res.body).collection;
  };
  const list = async (cookie: string, query = '') => {
    const res = await s.json<unknown>(`/studio-api/collections${query}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return collectionListSchema.parse(res.body).collections;
  };
  const job = async (cookie: string, text: string) =>
    finished(s, cookie, (await createAs(s, cookie, text)).id);
  return { s, who, ids, make, list, job };
}

describe.each(STORE_KINDS)('collections on %s', (kind) => {
  it('are made from a selection, seen by everyone, and changed only by their maker or an admin', async () => {
    const { s, who, ids, make, list, job } = await studio(kind);
    const fox = await job(who.ana, 'a fox');
    const owl = await job(who.ben, 'an owl');
    // Ana's collection may hold Ben's result: it changes nothing of his job.
    const mine = await make(who.ana, {
      name: 'Night animals',
      items: [{ job: fox.id }, { job: owl.id, image: 2 }],
    });
    expect(mine).toMatchObject({
      name: 'Night animals',
      owner: { id: ids.member1, name: 'A member' },
      items: 2,
      jobs: 2,
      cover: { job: owl.id, image: 2 },
    });
    expect(mine.id).not.toMatch(/^\d+$/);

    // Everyone sees it, viewers included, with which of a job's results it holds.
    for (const cookie of [who.viewer, who.ben, who.admin]) {
      expect((await list(cookie)).map((c) => c.name)).toEqual(['Night animals']);
    }
    expect((await list(who.viewer, `?job=${owl.id}`))[0]?.holds).toEqual([2]);
    const jobs = await s.json<unknown>(`/studio-api/collections/${mine.id}/jobs?limit=1`, {
      headers: { cookie: who.viewer },
    });
    const page = jobListSchema.parse(jobs.body);
    expect(page.jobs.map((j) => j.id)).toEqual([owl.id]);
    const rest = await s.json<unknown>(
      `/studio-api/collections/${mine.id}/jobs?limit=1&cursor=${page.nextCursor}`,
      { headers: { cookie: who.viewer } },
    );
    expect(jobListSchema.parse(rest.body).jobs.map((j) => j.id)).toEqual([fox.id]);
    // The library's filter is the same list.
    const filtered = await s.json<unknown>(`/studio-api/jobs?collection=${mine.id}`, {
      headers: { cookie: who.ben },
    });
    expect(jobListSchema.parse(filtered.body).jobs.map((j) => j.id)).toEqual([owl.id, fox.id]);

    // Ben, by the handle of Ana's collection: refused each time, and nothing changed.
    const tries: [string, string, unknown][] = [
      ['PATCH', `/studio-api/collections/${mine.id}`, { name: 'Mine now' }],
      ['DELETE', `/studio-api/collections/${mine.id}`, undefined],
      ['POST', `/studio-api/collections/${mine.id}/items`, { items: [{ job: owl.id }] }],
      ['POST', `/studio-api/collections/${mine.id}/items/remove`, { items: [{ job: fox.id }] }],
    ];
    for (const [method, url, body] of tries) {
      const res = await s.json<Failure>(url, asJson(who.ben, method, body));
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.message).toBe(
        'Someone else made this collection (“Night animals”): a member may change only their own collections.',
      );
    }
    // A viewer changes nothing, not even a collection of their own making.
    for (const [method, url, body] of [
      ['POST', '/studio-api/collections', { name: 'Mine' }],
      ...tries,
    ] as [string, string, unknown][]) {
      const res = await s.json<Failure>(url, asJson(who.viewer, method, body));
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.message).toMatch(/^Only a member, an admin or an owner may do this/);
    }
    const same = (await list(who.ana))[0];
    expect(same).toMatchObject({ name: 'Night animals', items: 2, updatedAt: mine.updatedAt });

    // A handle guessed or made up: 404, whatever the method, as for one deleted.
    // A near miss: the real id with its last character changed (never to itself).
    const nearMiss = `${mine.id.slice(0, -1)}${mine.id.endsWith('x') ? 'y' : 'x'}`;
    for (const guess of ['AAAAAAAAAAAA', nearMiss, '1', 'not a handle!']) {
      for (const [method, url, body] of [
        ['GET', `/studio-api/collections/${encodeURIComponent(guess)}`, undefined],
        ['GET', `/studio-api/collections/${encodeURIComponent(guess)}/jobs`, undefined],
        ['PATCH', `/studio-api/collections/${encodeURIComponent(guess)}`, { name: 'x' }],
        ['DELETE', `/studio-api/collections/${encodeURIComponent(guess)}`, undefined],
      ] as [string, string, unknown][]) {
        const res = await s.json<Failure>(url, asJson(who.admin, method, body));
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.error.message).toBe('No collection with that id exists in this studio.');
      }
    }

    // Ana renames and changes her own; an admin may change anyone's.
    const renamed = await s.json<unknown>(
      `/studio-api/collections/${mine.id}`,
      asJson(who.ana, 'PATCH', { name: 'Nocturnal' }),
    );
    expect(collectionEnvelopeSchema.parse(renamed.body).collection.name).toBe('Nocturnal');
    const removed = await s.json<unknown>(
      `/studio-api/collections/${mine.id}/items/remove`,
      asJson(who.admin, 'POST', { items: [{ job: owl.id, image: 2 }] }),
    );
    expect(collectionItemsAnswerSchema.parse(removed.body)).toMatchObject({
      changed: 1,
      collection: { items: 1, jobs: 1, cover: { job: fox.id, image: 0 } },
    });
    const gone = await s.json<unknown>(`/studio-api/collections/${mine.id}`, {
      method: 'DELETE',
      headers: { cookie: who.admin },
    });
    expect(gone.body).toEqual({ deleted: mine.id });
    expect(await list(who.ana)).toEqual([]);
    expect(
      (await s.json(`/studio-api/jobs/${fox.id}`, { headers: { cookie: who.ana } })).status,
    ).toBe(200);

    // Each make, rename and delete is in the audit log, with who did it.
    const audit = await s.json<unknown>('/studio-api/audit', { headers: { cookie: who.admin } });
    const entries = auditPageSchema
      .parse(audit.body)
      .entries.filter((e) => /^collection_(made|renamed|deleted)$/.test(e.action))
      .map((e) => [e.action, e.actor?.name, e.subject]);
    expect(entries).toEqual([
      ['collection_deleted', 'A admin', mine.id],
      ['collection_renamed', 'A member', mine.id],
      ['collection_made', 'A member', mine.id],
    ]);
  });

  it('adds and removes all or nothing, naming the field, the item and what is allowed', async () => {
    const { s, who, make, job } = await studio(kind);
    const fox = await job(who.ana, 'a fox');
    const images = fox.output?.images.length ?? 0;
    expect(images).toBeGreaterThan(1);
    const mine = await make(who.ana, { name: 'Foxes' });
    const add = (body: unknown) =>
      s.json<Failure>(`/studio-api/collections/${mine.id}/items`, asJson(who.ana, 'POST', body));
    const cases: [unknown, number, string][] = [
      [
        { items: [{ job: fox.id }, { job: fox.id, image: images }] },
        400,
        `items[1].image: job ${fox.id} has ${images} results: must be 0 to ${images - 1}, or null for the whole job; nothing was changed.`,
      ],
      [
        { items: [{ job: fox.id }, { job: 'AAAAAAAAAAAA' }] },
        404,
        'items[1].job: no job AAAAAAAAAAAA in this studio (deleted, or never made); nothing was changed.',
      ],
      [{ items: [] }, 400, `items: must be a list of 1 to ${COLLECTION_ITEMS_MAX} items`],
      [
        { items: Array.from({ length: COLLECTION_ITEMS_MAX + 1 }, () => ({ job: fox.id })) },
        400,
        `items: must be a list of 1 to ${COLLECTION_ITEMS_MAX} items`,
      ],
      [{ items: [{ job: fox.id, image: -1 }] }, 400, 'items[0].image: must be 0 or more'],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(body);
      expect(res.status, message).toBe(status);
      expect(res.body.error.message).toContain(message);
    }
    const after = await s.json<{ collection: Collection }>(`/studio-api/collections/${mine.id}`, {
      headers: { cookie: who.ana },
    });
    expect(after.body.collection.items).toBe(0);

    const named = (body: unknown) =>
      s.json<Failure>('/studio-api/collections', asJson(who.ana, 'POST', body));
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const res = await named({ name });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('name: must be 1 to 80 characters');
    }
    const twice = await named({ name: ' FOXES ' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toMatch(/^name: you already have a collection named “FOXES”/);
    // Ben may have his own Foxes.
    expect(
      (await s.json('/studio-api/collections', asJson(who.ben, 'POST', { name: 'foxes' }))).status,
    ).toBe(201);
  });

  it('exports a collection’s results as a ZIP whose manifest names each file’s collections', async () => {
    const { s, who, make, job } = await studio(kind);
    const fox = await job(who.ana, 'a fox');
    const owl = await job(who.ana, 'an owl');
    await job(who.ana, 'not in it');
    const night = await make(who.ana, {
      name: 'Night',
      items: [{ job: fox.id }, { job: owl.id, image: 1 }],
    });
    const red = await make(who.ana, { name: 'Red', items: [{ job: fox.id, image: 0 }] });
    const res = await s.call(`/studio-api/exports/results.zip?collection=${night.id}`, {
      headers: { cookie: who.viewer },
    });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(res.bytes));
    const manifest = manifestSchema.parse(
      JSON.parse(new TextDecoder().decode(zip['manifest.json'])),
    );
    const foxFiles = fox.output?.images.length ?? 0;
    // Every image of the fox (the whole job), only the one image of the owl.
    expect(manifest.files.map((f) => `${f.job}/${f.output}`).sort()).toEqual(
      [...Array.from({ length: foxFiles }, (_, n) => `${fox.id}/${n + 1}`), `${owl.id}/2`].sort(),
    );
    expect(Object.keys(zip).sort()).toEqual(
      [...manifest.files.map((f) => f.file), 'manifest.json'].sort(),
    );
    const first = manifest.files.find((f) => f.job === fox.id && f.output === 1);
    expect(first?.collections).toEqual([
      { id: night.id, name: 'Night' },
      { id: red.id, name: 'Red' },
    ]);
    const owlFile = manifest.files.find((f) => f.job === owl.id);
    expect(owlFile?.collections).toEqual([{ id: night.id, name: 'Night' }]);
  });
});
