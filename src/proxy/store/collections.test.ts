import { afterEach, describe, expect, it } from 'vitest';
import { COLLECTIONS_PER_PERSON } from '@/contract/collections';
import { HANDLE_RE } from '@/contract/handle';
import { insertJob } from '../test/ledger-jobs';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import { StudioHttpError } from '../studio-error';

/** Collections and their items on both databases, one suite. */
const kinds = storeKinds(1024 * 1024);
const opened: OpenedStore[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

const code = (e: unknown) => (e instanceof StudioHttpError ? e.error.code : String(e));

describe.each(STORE_KINDS)('collections on %s', (kind) => {
  const open = async () => {
    const o = await kinds.open(kind);
    opened.push(o);
    return o.store;
  };
  const job = (store: OpenedStore['store'], handle: string, by = 'ana000000001') =>
    insertJob(store.history, { handle, status: 'completed', frozen: 1, consume: 1, createdBy: by });

  it('names each by an opaque handle, keeps names unique per person whatever their case, and counts', async () => {
    const store = await open();
    for (const h of ['jobAAAAAAAA1', 'jobAAAAAAAA2', 'jobAAAAAAAA3']) await job(store, h);
    const c = store.collections;
    const birds = await c.create('ana000000001', '  Birds ', [
      { job: 'jobAAAAAAAA1' },
      { job: 'jobAAAAAAAA2', image: 1 },
      { job: 'jobAAAAAAAA2', image: 1 },
    ]);
    expect(birds.name).toBe('Birds');
    expect(birds.handle).toMatch(HANDLE_RE);
    const second = await c.create('ana000000001', 'Fish');
    expect(second.handle).not.toBe(birds.handle);

    expect(code(await c.create('ana000000001', 'BIRDS').catch((e: unknown) => e))).toBe(
      'name_taken',
    );
    expect(code(await c.rename(second, 'birds').catch((e: unknown) => e))).toBe('name_taken');
    // Another person may have a Birds of their own.
    await c.create('ben000000001', 'birds');

    const [summary] = await c.list({ ids: [birds.id] });
    expect(summary).toMatchObject({ name: 'Birds', items: 2, jobs: 2 });
    expect(summary?.cover).toEqual({ job: 'jobAAAAAAAA2', image: 1 });

    // The same image twice, a whole job and one of its images: each once.
    expect(await c.addItems(birds.id, [{ job: 'jobAAAAAAAA2', image: 1 }], 'ana000000001')).toBe(0);
    expect(
      await c.addItems(
        birds.id,
        [{ job: 'jobAAAAAAAA2' }, { job: 'jobAAAAAAAA3', image: 0 }],
        'ben000000001',
      ),
    ).toBe(2);
    expect(await c.summary(birds.id)).toMatchObject({ items: 4, jobs: 3 });

    const listed = await c.list({ job: 'jobAAAAAAAA2' });
    expect(listed.map((x) => [x.name, x.holds])).toEqual([
      ['Birds', [null, 1]],
      ['birds', []],
      ['Fish', []],
    ]);
    const places = await c.ofJobs(['jobAAAAAAAA2', 'jobAAAAAAAA9']);
    expect(places.get('jobAAAAAAAA2')).toEqual([
      { handle: birds.handle, name: 'Birds', image: null },
      { handle: birds.handle, name: 'Birds', image: 1 },
    ]);
    expect(places.has('jobAAAAAAAA9')).toBe(false);

    expect(await c.removeItems(birds.id, [{ job: 'jobAAAAAAAA2', image: 1 }])).toBe(1);
    expect(await c.removeItems(birds.id, [{ job: 'jobAAAAAAAA2', image: 1 }])).toBe(0);
    await c.rename(birds, 'Garden birds');
    expect((await c.byHandle(birds.handle))?.name).toBe('Garden birds');
    expect(await c.summary(birds.id)).toMatchObject({ items: 3, jobs: 3 });
  });

  it('lets a deleted job leave every collection, and the library filter find what one holds', async () => {
    const store = await open();
    for (const h of ['jobBBBBBBBB1', 'jobBBBBBBBB2', 'jobBBBBBBBB3']) await job(store, h);
    const a = await store.collections.create('ana000000001', 'A', [
      { job: 'jobBBBBBBBB1' },
      { job: 'jobBBBBBBBB2', image: 0 },
    ]);
    const b = await store.collections.create('ana000000001', 'B', [{ job: 'jobBBBBBBBB2' }]);
    const page = await store.history.list({ beforeSeq: null, limit: 10, collection: a.handle });
    expect(page.jobs.map((j) => j.handle)).toEqual(['jobBBBBBBBB2', 'jobBBBBBBBB1']);

    await store.history.remove('jobBBBBBBBB2');
    expect(await store.collections.summary(a.id)).toMatchObject({ items: 1, jobs: 1 });
    expect(await store.collections.summary(b.id)).toMatchObject({ items: 0, jobs: 0, cover: null });
    expect((await store.collections.ofJobs(['jobBBBBBBBB2'])).size).toBe(0);
    const after = await store.history.list({ beforeSeq: null, limit: 10, collection: a.handle });
    expect(after.jobs.map((j) => j.handle)).toEqual(['jobBBBBBBBB1']);

    // Deleting a collection leaves its jobs.
    expect(await store.collections.remove(a.id)).toBe(true);
    expect(await store.collections.byHandle(a.handle)).toBeNull();
    expect(await store.history.get('jobBBBBBBBB1')).not.toBeNull();
    expect(await store.collections.remove(a.id)).toBe(false);
  });

  it('refuses a person’s collection past the limit, saying it', async () => {
    const store = await open();
    const handles: string[] = [];
    for (let i = 0; i < COLLECTIONS_PER_PERSON; i++) {
      handles.push((await store.collections.create('ana000000001', `c${i}`)).handle);
    }
    // Opaque: every one different, and nothing in them follows the order they were made.
    expect(new Set(handles).size).toBe(handles.length);
    expect([...handles].sort()).not.toEqual(handles);
    expect(handles.every((h) => HANDLE_RE.test(h))).toBe(true);
    const refused = await store.collections
      .create('ana000000001', 'one more')
      .catch((e: unknown) => e);
    expect(code(refused)).toBe('too_many_collections');
    expect((refused as StudioHttpError).error.message).toContain(String(COLLECTIONS_PER_PERSON));
    // Others are not held by Ana's count.
    await store.collections.create('ben000000001', 'one more');
  });
});
