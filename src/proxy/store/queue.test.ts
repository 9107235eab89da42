import { afterEach, describe, expect, it } from 'vitest';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import { intentBy } from '../test/people';
import type { JobChange } from './history';
import type { StoreOptions } from './open';

/** The create queue on both databases, one suite. */
const kinds = storeKinds(1024 * 1024);
const opened: OpenedStore[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function open(kind: (typeof STORE_KINDS)[number], opts: Partial<StoreOptions> = {}) {
  const o = await kinds.open(kind, opts);
  opened.push(o);
  return o;
}

const send = (text: string) => ({
  operation: 'diffusion',
  body: { text, callback: 'http://127.0.0.1/hooks/t' },
  parentHandle: null,
});

/** A create of `text` as the create path writes it: queued when the queue says so. */
async function create(o: OpenedStore, handle: string): Promise<number | null> {
  let place: number | null = null;
  await o.store.history.recordIntent(intentBy(handle, 'ana'), null, null, async (trx) => {
    place = await o.store.queue.enqueueIfWaiting(trx, handle, send(handle));
  });
  return place;
}

/** The queued jobs in line, next first. */
async function line(o: OpenedStore): Promise<string[]> {
  const { jobs } = await o.store.history.list({ beforeSeq: null, limit: 100 });
  return jobs
    .filter((j) => j.queuePlace !== null)
    .sort((a, b) => (a.queuePlace ?? 0) - (b.queuePlace ?? 0))
    .map((j) => j.handle);
}

/** The changes heard, the handles of each move sorted (a database updates in any order). */
const inOrder = (changes: JobChange[]) =>
  changes.map((c) => (c.type === 'places' ? { ...c, handles: [...c.handles].sort() } : c));

describe.each(STORE_KINDS)('the create queue on %s', (kind) => {
  it('queues behind a busy create, keeps places dense, moves, cancels and sends in order', async () => {
    const o = await open(kind);
    const heard: JobChange[] = [];
    o.store.history.watch((c) => heard.push(c));
    // An empty queue sends at once; one refused as busy waits, and all after it too.
    expect(await create(o, 'job000000001')).toBeNull();
    expect(await o.store.queue.requeue('job000000001', send('job000000001'))).toBe(true);
    expect(await create(o, 'job000000002')).toBe(2);
    expect(await create(o, 'job000000003')).toBe(3);
    expect(await create(o, 'job000000004')).toBe(4);
    expect(await line(o)).toEqual(['job000000001', 'job000000002', 'job000000003', 'job000000004']);
    expect(await o.store.queue.waiting()).toBe(4);

    expect(await o.store.queue.move('job000000004', { place: 1 })).toBe(1);
    expect(await o.store.queue.move('job000000001', { before: 'job000000003' })).toBe(3);
    expect(await line(o)).toEqual(['job000000004', 'job000000002', 'job000000001', 'job000000003']);
    // Past the end is the end.
    expect(await o.store.queue.move('job000000004', { place: 99 })).toBe(4);

    heard.length = 0;
    expect(await o.store.queue.cancel('job000000002')).toBe(true);
    // The cancelled job goes; those behind it moved up, announced together.
    expect(inOrder(heard)).toEqual([
      { type: 'removed', handle: 'job000000002' },
      { type: 'places', handles: ['job000000001', 'job000000003', 'job000000004'] },
    ]);
    expect(await o.store.queue.places(['job000000003', 'job000000002', 'job000000001'])).toEqual([
      { handle: 'job000000001', place: 1 },
      { handle: 'job000000003', place: 2 },
    ]);
    expect(await o.store.history.get('job000000002')).toBeNull();
    expect(await o.store.queue.cancel('job000000002')).toBe(false);
    expect(await line(o)).toEqual(['job000000001', 'job000000003', 'job000000004']);

    // The head goes out; while it is sent, a new create still queues behind.
    heard.length = 0;
    const head = await o.store.queue.takeHead();
    // Nothing is said until its send settles; then one change for the job sent and one
    // for all that moved up, not one per queued job.
    expect(heard).toEqual([]);
    if (head) o.store.queue.announceTaken(head);
    expect(inOrder(heard)).toEqual([
      { type: 'job', handle: 'job000000001' },
      { type: 'places', handles: ['job000000003', 'job000000004'] },
    ]);
    expect(head).toMatchObject({ handle: 'job000000001', operation: 'diffusion' });
    expect(head?.body).toEqual(send('job000000001').body);
    expect((await o.store.history.get('job000000001'))?.createState).toBe('sending');
    expect(await line(o)).toEqual(['job000000003', 'job000000004']);
    expect(await create(o, 'job000000005')).toBe(3);
    // Busy again: back at the front.
    expect(await o.store.queue.requeue('job000000001', send('job000000001'))).toBe(true);
    expect(await line(o)).toEqual(['job000000001', 'job000000003', 'job000000004', 'job000000005']);
    const again = await o.store.queue.takeHead();
    expect(again?.handle).toBe('job000000001');
    // A stop while it is sent makes it unknown, as any create; the rest still wait.
    expect(await o.store.history.markInterruptedCreates()).toBe(1);
    expect((await o.store.history.get('job000000001'))?.createState).toBe('unknown');
    expect((await o.store.queue.takeHead())?.handle).toBe('job000000003');
  });

  it('holds creates beyond STUDIO_MAX_RUNNING, and gives the dispatcher one holder', async () => {
    const o = await open(kind, { maxRunning: 1 });
    expect(await create(o, 'job000000011')).toBeNull();
    expect(await create(o, 'job000000012')).toBe(1);
    // The one running is still being sent: the cap holds the next.
    expect(await o.store.queue.takeHead()).toBeNull();
    await o.store.history.discardIntent('job000000011');
    expect((await o.store.queue.takeHead())?.handle).toBe('job000000012');

    // On Postgres, of a team's replicas one holds the lease at a time; one studio always.
    expect(await o.store.queue.lease('replica-a', 60_000)).toEqual({ held: true });
    expect(await o.store.queue.lease('replica-b', 60_000)).toMatchObject({
      held: kind === 'sqlite',
    });
    await o.store.queue.unlease('replica-a');
    expect(await o.store.queue.lease('replica-b', 60_000)).toEqual({ held: true });
  });
});
