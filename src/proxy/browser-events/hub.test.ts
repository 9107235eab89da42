import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StudioEvent } from '@/contract/events';
import { openSqliteStore } from '../store/sqlite/open';
import { EventHub, type SharedEvent } from './hub';

const removed = (n: number): StudioEvent => ({
  event: 'job-removed',
  data: { id: `handle-${String(n).padStart(5, '0')}` },
});

const shared = (seq: number): SharedEvent => ({
  seq,
  event: 'job-removed',
  data: JSON.stringify({ id: `handle-${seq}` }),
});

/**
 * The store's events as `StoredEvents.replay` answers for them: those after `after`, or
 * null when `after` is older than what it keeps or newer than anything it numbered. Each
 * answer waits for `answer()` when `held`, so a test can deliver events meanwhile.
 */
function fakeStore(kept: number[], held = false) {
  const calls: number[] = [];
  const waiting: (() => void)[] = [];
  const replay = async (after: number): Promise<SharedEvent[] | null> => {
    calls.push(after);
    if (held) await new Promise<void>((resolve) => waiting.push(resolve));
    const oldest = kept[0] ?? after + 1;
    const newest = kept.at(-1) ?? 0;
    if (after < oldest - 1 || after > newest) return null;
    return kept.filter((seq) => seq > after).map(shared);
  };
  return { calls, replay, answer: () => waiting.shift()?.() };
}

/** Reads what a stream has queued, `chunks` writes of it, waiting for each. */
async function drain(stream: ReadableStream<Uint8Array> | null, chunks: number): Promise<string> {
  if (!stream) throw new Error('the hub refused the stream');
  const reader = stream.getReader();
  let text = '';
  for (let i = 0; i < chunks; i++) {
    const r = await reader.read();
    if (r.done) return `${text}<end>`;
    text += new TextDecoder().decode(r.value);
  }
  reader.releaseLock();
  return text;
}

/** Reads until `enough` holds for all that was read. */
async function readUntil(
  stream: ReadableStream<Uint8Array> | null,
  enough: (text: string) => boolean,
): Promise<string> {
  let text = '';
  while (!enough(text)) text += await drain(stream, 1);
  return text;
}

const idsIn = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
const resets = (text: string) => text.match(/^event: reset$/gm)?.length ?? 0;

describe('the event hub', () => {
  it("ends the streams of people whose sessions ended, and shows no one the replicas' note", async () => {
    const ended: SharedEvent = {
      seq: 2,
      event: 'sessions-ended',
      data: JSON.stringify({ people: ['p-leaving'] }),
    };
    // A reconnect replayed from the store is not shown the note either.
    const hub = new EventHub(
      () => [],
      async (after) => [shared(1), ended, shared(3)].filter((e) => e.seq > after),
      { ringSize: 1 },
    );
    hub.listeningFrom(0);
    const leaving = hub.open(null, 'p-leaving');
    const staying = hub.open(null, 'p-staying');
    const local = hub.open(null);
    await Promise.all([leaving, staying, local].map((s) => drain(s, 1)));
    hub.deliver(shared(1));
    hub.deliver(ended);
    hub.deliver(shared(3));
    const left = await readUntil(leaving, (t) => t.endsWith('<end>'));
    expect(left).toMatch(/^event: signed-out$/m);
    expect(idsIn(left)).toEqual(['1']);
    for (const other of [staying, local]) {
      const text = await readUntil(other, (t) => idsIn(t).includes('3'));
      expect(idsIn(text)).toEqual(['1', '3']);
      expect(text).not.toMatch(/signed-out|sessions-ended|p-leaving/);
    }
    expect(hub.size).toBe(2);
    const back = await readUntil(hub.open('0', 'p-staying'), (t) => idsIn(t).includes('3'));
    expect(idsIn(back)).toEqual(['1', '3']);
    expect(back).not.toMatch(/sessions-ended|p-leaving/);
    hub.close();
  });

  it("numbers events by the store's sequence, and replays a reconnect from its buffer", async () => {
    const store = fakeStore([]);
    const hub = new EventHub(() => [], store.replay, { ringSize: 3 });
    hub.listeningFrom(0);
    const live = hub.open(null);
    for (let seq = 1; seq <= 5; seq++) hub.deliver(shared(seq));
    expect(idsIn(await drain(live, 6))).toEqual(['1', '2', '3', '4', '5']);

    // Within the buffer (it holds 3 to 5): sent at once, the store not asked.
    expect(idsIn(await drain(hub.open('3'), 1))).toEqual(['4', '5']);
    expect(idsIn(await drain(hub.open('2'), 1))).toEqual(['3', '4', '5']);
    // Up to date: nothing to catch up on, then live events.
    const current = hub.open('5');
    expect(await drain(current, 1)).toBe('retry: 3000\n\n');
    hub.deliver(shared(6));
    hub.deliver(shared(4)); // already seen: ignored
    expect(idsIn(await drain(current, 1))).toEqual(['6']);
    expect(idsIn(await drain(live, 1))).toEqual(['6']);
    expect(store.calls).toEqual([]);
    hub.close();
  });

  it('asks the store for what is older than its buffer, and resets when it is gone there too', async () => {
    // The store keeps events from 2 on; this replica's buffer from 4 on.
    const store = fakeStore([2, 3, 4, 5, 6]);
    const hub = new EventHub(() => [], store.replay, { ringSize: 3 });
    hub.listeningFrom(3);
    for (const seq of [4, 5, 6]) hub.deliver(shared(seq));

    const older = await drain(hub.open('1'), 2);
    expect(idsIn(older)).toEqual(['2', '3', '4', '5', '6']);
    expect(resets(older)).toBe(0);

    const lost = hub.open('0');
    const text = await drain(lost, 2);
    expect(resets(text)).toBe(1);
    expect(idsIn(text)).toEqual([]);
    // After the reset the stream goes on with what comes next.
    hub.deliver(shared(7));
    expect(idsIn(await drain(lost, 1))).toEqual(['7']);
    expect(store.calls).toEqual([1, 0]);

    // An id that is no number of the store's at all.
    expect(resets(await drain(hub.open('fromAnotherRun.3'), 1))).toBe(1);
    hub.close();
  });

  it('resets a Last-Event-ID the store never numbered, then sends every event after', async () => {
    // The browser knew another database, whose numbers ran ahead of this one's.
    const store = fakeStore([10, 11, 12], true);
    const hub = new EventHub(() => [], store.replay);
    hub.listeningFrom(9);
    for (const seq of [10, 11, 12]) hub.deliver(shared(seq));
    const stranger = hub.open('40');
    await drain(stranger, 1); // the opening
    // Arrives while the store is asked: sent after the reset, although 13 < 40.
    hub.deliver(shared(13));
    store.answer();
    const text = await drain(stranger, 1);
    expect(resets(text)).toBe(1);
    expect(text.indexOf('event: reset')).toBeLessThan(text.indexOf('id: 13'));
    expect(idsIn(text)).toEqual(['13']);
    hub.deliver(shared(14));
    expect(idsIn(await drain(stranger, 1))).toEqual(['14']);
    expect(store.calls).toEqual([40]);
    hub.close();
  });

  it('holds live events while the store replays, and sends nothing twice', async () => {
    const store = fakeStore([10, 11, 12, 13, 14, 15, 16], true);
    const hub = new EventHub(() => [], store.replay, { ringSize: 3 });
    hub.listeningFrom(12);
    for (const seq of [13, 14, 15]) hub.deliver(shared(seq));

    const older = hub.open('11');
    await drain(older, 1); // the opening
    hub.deliver(shared(16));
    hub.deliver(shared(15)); // already seen: ignored
    store.answer();
    expect(idsIn(await drain(older, 1))).toEqual(['12', '13', '14', '15', '16']);
    hub.deliver(shared(17));
    expect(idsIn(await drain(older, 1))).toEqual(['17']);
    hub.close();
  });

  it('sends heartbeat comments, and ends every stream on close', async () => {
    const hub = new EventHub(
      () => [{ event: 'reset', data: { reason: 'hello' } }],
      () => Promise.resolve([]),
      { heartbeatMs: 20 },
    );
    const stream = hub.open(null) ?? new ReadableStream();
    await new Promise((r) => setTimeout(r, 70));
    const reader = stream.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: 3000\n\nevent: reset\ndata: {"reason":"hello"}\n\n$/);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': ping\n\n');
    hub.announce(removed(1));
    hub.close();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      rest += new TextDecoder().decode(r.value);
    }
    // An announcement has no id: a browser that reconnects gets that state anyway.
    expect(rest).toMatch(/event: job-removed\ndata: {"id":"handle-00001"}\n\n/);
    expect(idsIn(rest)).toEqual([]);
    expect(hub.size).toBe(0);
    expect(hub.open(null)).toBeNull();
  });

  it('after a restart, replays from the store what a browser missed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hub-store-'));
    const opts = { upstreamTtlMs: 72 * 3_600_000, uploadsCapBytes: 0 };
    /** A studio's store and hub, wired as the server wires them. */
    const studio = async () => {
      const store = await openSqliteStore(dir, opts);
      const hub = new EventHub(
        () => [],
        (after) => store.events.replay(after),
      );
      hub.listeningFrom(await store.events.listen((e) => hub.deliver(e)));
      return { store, hub };
    };
    try {
      const first = await studio();
      const browser = first.hub.open(null);
      await first.store.events.publish(removed(1));
      await first.store.events.publish(removed(2));
      const seen = idsIn(await readUntil(browser, (t) => idsIn(t).length === 2));
      expect(seen.map(Number).every(Number.isInteger)).toBe(true);
      first.hub.close();
      await first.store.close();

      const second = await studio();
      await second.store.events.publish(removed(3));
      const resumed = await readUntil(second.hub.open(seen[0] ?? null), (t) => t.includes('00003'));
      expect(resumed).toMatch(/handle-00002[\s\S]*handle-00003/);
      expect(resumed).not.toMatch(/handle-00001/);
      expect(resets(resumed)).toBe(0);
      const newest = Number(idsIn(resumed).at(-1));
      const stranger = await readUntil(second.hub.open(String(newest + 100)), (t) =>
        t.includes('event: reset'),
      );
      expect(idsIn(stranger)).toEqual([]);
      second.hub.close();
      await second.store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
