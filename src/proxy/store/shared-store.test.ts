import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskResponseSchema, type TaskStatus, type TaskType } from '@/contract/task';
import { stateFromTask } from '../model/record';
import { createRedactor } from '../log';
import { StudioHttpError } from '../studio-error';
import { handleOf } from '../test/changes';
import { fixture } from '../test/fixtures';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import { ownerWith } from '../test/people';
import type { NormalisedImage } from '../uploads/normalise';
import type { HistoryFilter } from './history-reads';
import type { SharedStore } from './shared-store';

/**
 * One behaviour suite for both stores: what a studio does with its SQLite file, a team's
 * replicas do with Postgres, and a browser must not tell which one answered.
 */
const KB = 1024;
const kinds = storeKinds(10 * KB);

const completed = taskResponseSchema.parse(fixture('diffusion-completed'));
const pending = taskResponseSchema.parse(fixture('diffusion-pending'));
const redact = createRedactor([]);

describe.each(STORE_KINDS)('the %s store', (kind) => {
  let opened: OpenedStore;
  let store: SharedStore;
  let n = 0;
  beforeEach(async () => {
    opened = await kinds.open(kind);
    store = opened.store;
  });
  afterEach(() => opened.close());

  interface Spec {
    prompt: string;
    operation?: TaskType;
    status?: TaskStatus;
    createdAt?: string;
    parent?: string;
    hookToken?: string;
  }

  async function add(spec: Spec): Promise<string> {
    const handle = `handle-${String(++n).padStart(5, '0')}`;
    await store.history.insert({
      handle,
      upstreamId: `up-${n}`,
      parentHandle: spec.parent ?? null,
      parentIndex: spec.parent ? 0 : null,
      operation: spec.operation ?? 'diffusion',
      prompt: spec.prompt,
      createdAt: spec.createdAt ?? '2026-01-10T12:00:00Z',
      dims: {},
      task: completed,
      hookToken: spec.hookToken ?? null,
      ...stateFromTask(completed, null, redact),
      status: spec.status ?? 'completed',
    });
    return handle;
  }

  const page = async (f: Partial<HistoryFilter>) =>
    (await store.history.list({ beforeSeq: null, limit: 50, ...f })).jobs.map((j) => j.prompt);

  it('filters by operation, status, creation date and favourite, newest first', async () => {
    await add({ prompt: 'a', createdAt: '2026-01-01T10:00:00Z' });
    const b = await add({ prompt: 'b', operation: 'upscale', createdAt: '2026-01-02T10:00:00Z' });
    await add({ prompt: 'c', status: 'failed', createdAt: '2026-01-03T10:00:00.500+01:00' });
    await add({ prompt: 'd', status: 'processing', operation: 'video_diffusion' });
    expect(await page({})).toEqual(['d', 'c', 'b', 'a']);
    expect(await page({ operations: ['upscale', 'video_diffusion'] })).toEqual(['d', 'b']);
    expect(await page({ statuses: ['failed', 'processing'] })).toEqual(['d', 'c']);
    const day = (d: string) => Date.parse(d);
    expect(await page({ fromMs: day('2026-01-02'), toMs: day('2026-01-04') })).toEqual(['c', 'b']);
    expect(await store.history.setFavourite(b, true)).toBe(true);
    expect(await page({ favourite: true })).toEqual(['b']);
    expect(await page({ favourite: false })).toEqual(['d', 'c', 'a']);
    expect(await store.history.setFavourite('handle-nope', true)).toBe(false);
    expect((await store.history.get(b))?.favourite).toBe(true);
  });

  it('searches prompts by word prefixes, ignoring case, accents and query syntax', async () => {
    await add({ prompt: 'A lighthouse in a storm --ar 16:9' });
    await add({ prompt: 'Café au lait on a table' });
    await add({ prompt: 'a storm over the sea' });
    await add({ prompt: 'STORMY: ÉTÉ à Paris' });
    expect(await page({ search: 'storm' })).toEqual([
      'STORMY: ÉTÉ à Paris',
      'a storm over the sea',
      'A lighthouse in a storm --ar 16:9',
    ]);
    expect(await page({ search: 'light sto' })).toEqual(['A lighthouse in a storm --ar 16:9']);
    expect(await page({ search: 'CAFE' })).toEqual(['Café au lait on a table']);
    expect(await page({ search: 'ete pari' })).toEqual(['STORMY: ÉTÉ à Paris']);
    expect(await page({ search: '16 9' })).toEqual(['A lighthouse in a storm --ar 16:9']);
    // Only prefixes: a word's middle or end does not match.
    expect(await page({ search: 'house' })).toEqual([]);
    expect(await page({ search: 'sea storm' })).toEqual(['a storm over the sea']);
    for (const odd of ['"', 'NEAR(storm sea)', 'prompt:storm', '*', 'storm & !sea', "'", '--']) {
      await expect(page({ search: odd }), odd).resolves.toBeInstanceOf(Array);
    }
    expect(await page({ search: 'storm | sea' })).toEqual(['a storm over the sea']);
    // Nothing searchable in the words: no filter at all.
    expect(await page({ search: '-- **' })).toHaveLength(4);
  });

  it('pages with a cursor under any filter', async () => {
    for (let i = 0; i < 7; i++) await add({ prompt: `storm ${i}` });
    await add({ prompt: 'calm' });
    const first = await store.history.list({ beforeSeq: null, limit: 3, search: 'storm' });
    expect(first.jobs.map((j) => j.prompt)).toEqual(['storm 6', 'storm 5', 'storm 4']);
    expect(first.more).toBe(true);
    const last = first.jobs.at(-1)?.seq ?? 0;
    const second = await store.history.list({ beforeSeq: last, limit: 10, search: 'storm' });
    expect(second.jobs.map((j) => j.prompt)).toEqual(['storm 3', 'storm 2', 'storm 1', 'storm 0']);
    expect(second.more).toBe(false);
    // Back up from the second page: the oldest of the newer matches, newest first.
    const after = second.jobs[0]?.seq ?? 0;
    const above = await store.history.list({
      beforeSeq: null,
      afterSeq: after,
      limit: 2,
      search: 'storm',
    });
    expect(above.jobs.map((j) => j.prompt)).toEqual(['storm 5', 'storm 4']);
    expect(above.more).toBe(true);
    const top = await store.history.list({
      beforeSeq: null,
      afterSeq: after,
      limit: 3,
      search: 'storm',
    });
    expect(top.jobs.map((j) => j.prompt)).toEqual(['storm 6', 'storm 5', 'storm 4']);
    expect(top.more).toBe(false);
  });

  it('walks lineage root first, and keeps an emptied parent until its last child goes', async () => {
    const root = await add({ prompt: 'root storm' });
    const mid = await add({ prompt: 'mid storm', operation: 'upscale', parent: root });
    const leaf = await add({ prompt: 'leaf', operation: 'variation', parent: mid });
    await add({ prompt: 'sibling', operation: 'upscale', parent: root });
    const of = async (h: string) => {
      const l = await store.history.lineage(h);
      return { up: l.ancestors.map((j) => j.prompt), down: l.children.map((j) => j.prompt) };
    };
    expect(await of(leaf)).toEqual({ up: ['root storm', 'mid storm'], down: [] });
    expect(await of(root)).toEqual({ up: [], down: ['mid storm', 'sibling'] });

    await store.history.remove(mid);
    expect(await store.history.get(mid)).toBeNull();
    expect((await of(leaf)).up).toEqual(['root storm']);
    expect(await page({ search: 'storm' })).toEqual(['root storm']);
    await store.history.remove(leaf);
    expect(await page({})).toEqual(['sibling', 'root storm']);
    expect((await of(root)).down).toEqual(['sibling']);
  });

  it('favourites and deletes many jobs at once, a parent and its child together', async () => {
    const changes: string[] = [];
    store.history.watch((c) => changes.push(`${c.type} ${handleOf(c)}`));
    const root = await add({ prompt: 'root' });
    const kid = await add({ prompt: 'kid', operation: 'upscale', parent: root });
    const other = await add({ prompt: 'other' });
    await store.history.setFavourite(kid, true);
    changes.length = 0;
    // Only flags that flip count; an unknown handle changes nothing.
    expect(await store.history.setFavourites([root, kid, 'handle-nope'], true)).toEqual([root]);
    expect(changes).toEqual([`job ${root}`]);
    expect(await page({ favourite: true })).toEqual(['kid', 'root']);
    expect((await store.history.setFavourites([root, kid], false)).sort()).toEqual(
      [root, kid].sort(),
    );

    changes.length = 0;
    await store.history.removeMany([root, kid]);
    expect(changes).toEqual([`removed ${root}`, `removed ${kid}`]);
    expect(await page({})).toEqual(['other']);
    // The parent was emptied, then went with its last child: no row is left behind.
    expect((await store.history.lineage(kid)).ancestors).toEqual([]);
    expect(await store.history.get(other)).not.toBeNull();
  });

  it('keeps a create from before its answer, its idempotency key, and adopts it', async () => {
    const changes: string[] = [];
    store.history.watch((c) => changes.push(`${c.type}:${handleOf(c)}`));
    const intent = (handle: string, hookToken: string) => ({
      handle,
      hookToken,
      parentHandle: null,
      parentIndex: null,
      operation: 'diffusion' as const,
      prompt: 'a lighthouse',
      params: { text: 'a lighthouse' },
    });
    await store.history.recordIntent(intent('h-i1', 'tok-1'), { key: 'k-1', fingerprint: 'f' });
    await store.history.recordIntent(intent('h-i2', 'tok-2'), { key: 'k-2', fingerprint: 'f' });
    expect(await page({})).toEqual([]);
    expect(await store.history.active()).toEqual([]);
    expect(await store.history.findByHook('tok-1')).toMatchObject({ createState: 'sending' });
    expect(await store.history.findIdempotent('k-1')).toEqual({ fingerprint: 'f', handle: 'h-i1' });

    await store.history.discardIntent('h-i2');
    expect(await store.history.findByHook('tok-2')).toBeNull();
    expect(await store.history.findIdempotent('k-2')).toBeNull();
    expect(changes).toEqual([]);

    expect(await store.history.markInterruptedCreates()).toBe(1);
    expect((await store.history.list({ beforeSeq: null, limit: 5 })).jobs).toMatchObject([
      {
        handle: 'h-i1',
        createState: 'unknown',
        status: 'pending',
        params: { text: 'a lighthouse' },
      },
    ]);
    const adopted = await store.history.confirmCreate('h-i1', pending, null, 'a red lighthouse');
    expect(adopted).toMatchObject({ createState: null, upstreamId: pending.job_id });
    expect(await page({ search: 'red' })).toEqual(['a red lighthouse']);
    expect(await store.history.active()).toEqual([
      { handle: 'h-i1', upstreamId: pending.job_id, hooked: true },
    ]);
    expect(await store.history.confirmCreate('h-i1', completed, null)).toBeNull();
    expect(changes).toEqual(['job:h-i1']);

    await store.history.pruneIdempotent(new Date(Date.now() + 1000));
    expect(await store.history.findIdempotent('k-1')).toBeNull();
  });

  it('confirms a create its callback confirmed first, keeping what the callback brought', async () => {
    await store.history.recordIntent(
      {
        handle: 'h-c1',
        hookToken: 'tok-c1',
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion',
        prompt: '',
        params: null,
      },
      null,
    );
    // The callback (on any replica) adopts the job and moves it on…
    const running = { ...stateFromTask(pending, null, redact), status: 'processing' as const };
    expect(await store.history.confirmCreate('h-c1', pending, null)).not.toBeNull();
    expect(await store.history.applyState('h-c1', running, pending)).toBe(true);
    // …then the create's own answer arrives: the same task, so the browser gets its job,
    // still processing, with the prompt the answer names.
    const answered = { ...stateFromTask(pending, null, redact), status: 'pending' as const };
    const confirmed = await store.history.confirmCreate('h-c1', pending, answered, 'a tide');
    expect(confirmed).toMatchObject({ createState: null, status: 'processing', prompt: 'a tide' });
    expect(await page({ search: 'tide' })).toEqual(['a tide']);
    // Another task is not this create's.
    expect(await store.history.confirmCreate('h-c1', completed, answered)).toBeNull();
    expect((await store.history.get('h-c1'))?.upstreamId).toBe(pending.job_id);
  });

  it('leaves a deleted job deleted when a late callback names its task', async () => {
    await store.history.recordIntent(
      {
        handle: 'h-d1',
        hookToken: 'tok-d1',
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion',
        prompt: 'a ghost',
        params: null,
      },
      null,
    );
    await store.history.markCreateUnknown('h-d1');
    // A child keeps the deleted job's row (emptied) for its lineage.
    await add({ prompt: 'a child', parent: 'h-d1' });
    await store.history.remove('h-d1');
    const changes: string[] = [];
    store.history.watch((c) => changes.push(handleOf(c)));
    expect(await store.history.confirmCreate('h-d1', pending, null)).toBeNull();
    expect(await store.history.get('h-d1')).toBeNull();
    expect(await page({})).toEqual(['a child']);
    expect(changes).toEqual([]);
  });

  it('keeps a finished job final, and media pending until fetched', async () => {
    const h = await add({ prompt: 'x', status: 'processing', hookToken: 'tok-x' });
    const done = { ...stateFromTask(completed, null, redact), status: 'completed' as const };
    expect(await store.history.applyState(h, done, completed, true)).toBe(true);
    expect(await store.history.mediaPending()).toEqual([h]);
    const failed = { ...done, status: 'failed' as const };
    expect(await store.history.applyState(h, failed, null)).toBe(false);
    expect((await store.history.findByHook('tok-x'))?.status).toBe('completed');
    await store.history.addDims(h, { '0': { width: 64, height: 32 } }, true);
    expect(await store.history.mediaPending()).toEqual([]);
    expect((await store.history.get(h))?.dims).toEqual({ '0': { width: 64, height: 32 } });
    await store.history.markUpstreamGone(h);
    expect((await store.history.get(h))?.upstreamExpired).toBe(true);
  });

  it('keeps every size measured at once: the prefetch and browsers measure one job together', async () => {
    const h = await add({ prompt: 'sizes' });
    const changes: string[] = [];
    store.history.watch((c) => changes.push(handleOf(c)));
    const keys = ['0', '1', '2', '3', 'grid'];
    await Promise.all(
      keys.map((k, i) => store.history.addDims(h, { [k]: { width: 10 + i, height: 20 } })),
    );
    const dims = (await store.history.get(h))?.dims ?? {};
    expect(Object.keys(dims).sort()).toEqual(keys);
    expect(dims.grid).toEqual({ width: 14, height: 20 });
    expect(changes).toHaveLength(keys.length);
    // Sizes already known announce nothing again.
    await store.history.addDims(h, { '1': { width: 11, height: 20 } });
    expect(changes).toHaveLength(keys.length);
  });

  it('keeps sign-in sessions by their hash until they end, each of one person', async () => {
    const owner = await ownerWith(store, 'correct horse battery');
    const { token, maxAgeS } = await store.sessions.create(owner.id);
    expect(maxAgeS).toBe(30 * 24 * 60 * 60);
    expect(await store.sessions.who(token)).toEqual({
      id: owner.id,
      name: 'Owner',
      email: 'owner@localhost',
      role: 'owner',
    });
    expect(await store.sessions.who(`${token}x`)).toBeNull();
    expect(await store.sessions.who('x'.repeat(101))).toBeNull();
    expect(await store.sessions.who(undefined)).toBeNull();
    await store.sessions.end(token);
    expect(await store.sessions.who(token)).toBeNull();
  });

  const image = (fill: number): NormalisedImage => ({
    data: Buffer.alloc(4 * KB, fill),
    type: 'image/png',
    ext: 'png',
    width: 1,
    height: 1,
  });

  async function jobUsing(token: string, status: TaskStatus): Promise<void> {
    const handle = await add({ prompt: '', status });
    await store.uploads.linkJob(handle, { imgUrl: `http://127.0.0.1:8080/u/${token}.png` });
  }

  it('keeps uploads and their bytes, evicting the least recently used one no running job needs', async () => {
    const a = await store.uploads.save(image(1));
    await new Promise((r) => setTimeout(r, 5));
    const b = await store.uploads.save(image(2));
    expect(await store.uploads.byToken(a.token)).toEqual(a);
    expect((await store.uploads.read(b))?.equals(image(2).data)).toBe(true);
    await jobUsing(a.token, 'processing');
    await jobUsing(b.token, 'completed');
    const c = await store.uploads.save(image(3));
    expect(await store.uploads.byToken(b.token)).toBeNull();
    expect(await store.uploads.read(b)).toBeNull();
    expect((await store.uploads.read(a))?.equals(image(1).data)).toBe(true);
    await jobUsing(c.token, 'pending');
    const refused = await store.uploads.save(image(4)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StudioHttpError);
    expect((refused as StudioHttpError).error).toMatchObject({ status: 507, code: 'storage_full' });
    await store.uploads.remove(c);
    expect(await store.uploads.byToken(c.token)).toBeNull();
  });
});
