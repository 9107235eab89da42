import { describe, expect, it } from 'vitest';
import type { StudioEvent } from '@/contract/events';
import { EventHub, type SharedEvent } from './hub';

const removed = (n: number): StudioEvent => ({
  event: 'job-removed',
  data: { id: `handle-${String(n).padStart(5, '0')}` },
});

/** Reads what a stream has queued so far, without waiting for more. */
async function drain(stream: ReadableStream<Uint8Array>, chunks: number): Promise<string> {
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

const idsIn = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);

describe('the event hub', () => {
  it('greets, replays after an id within its buffer, and resets beyond it', async () => {
    const hub = new EventHub(() => [], { ringSize: 3 });
    const live = hub.open(null);
    for (let n = 1; n <= 5; n++) hub.publish(removed(n));
    const text = await drain(live ?? new ReadableStream(), 6);
    const ids = idsIn(text);
    expect(ids).toHaveLength(5);

    const fromThird = await drain(hub.open(ids[2] ?? null) ?? new ReadableStream(), 1);
    expect(idsIn(fromThird)).toEqual(ids.slice(3));
    const fromFirst = await drain(hub.open(ids[0] ?? null) ?? new ReadableStream(), 1);
    expect(fromFirst).toMatch(/event: reset/);
    expect(idsIn(fromFirst)).toEqual([]);
    hub.close();
  });

  it('sends heartbeat comments, and ends every stream on close', async () => {
    const hub = new EventHub(() => [{ event: 'reset', data: { reason: 'hello' } }], {
      heartbeatMs: 20,
    });
    const stream = hub.open(null) ?? new ReadableStream();
    await new Promise((r) => setTimeout(r, 70));
    const reader = stream.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: 3000\n\nevent: reset\ndata: {"reason":"hello"}\n\n$/);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': ping\n\n');
    hub.close();
    for (let r = await reader.read(); ; r = await reader.read()) if (r.done) break;
    expect(hub.size).toBe(0);
    expect(hub.open(null)).toBeNull();
  });

  it('with one sequence for all replicas, replays from its buffer or the database, never twice', async () => {
    const shared = (seq: number): SharedEvent => ({
      seq,
      event: 'job-removed',
      data: JSON.stringify({ id: `handle-${seq}` }),
    });
    const table = [10, 11, 12, 13, 14, 15, 16].map(shared);
    let answer: (() => void) | null = null;
    const hub = new EventHub(() => [], {
      ringSize: 3,
      // The database keeps events from 10 on; the replay waits until the test lets it.
      replay: async (after) => {
        await new Promise<void>((resolve) => (answer = resolve));
        return after < 9 ? null : table.filter((e) => e.seq > after && e.seq <= 16);
      },
    });
    hub.listeningFrom(12);
    for (const seq of [13, 14, 15]) hub.deliver(shared(seq));

    expect(idsIn(await drain(hub.open('13') ?? new ReadableStream(), 1))).toEqual(['14', '15']);

    const older = hub.open('11') ?? new ReadableStream();
    await drain(older, 1); // the opening
    hub.deliver(shared(16));
    hub.deliver(shared(15)); // already seen: ignored
    (answer as (() => void) | null)?.();
    expect(idsIn(await drain(older, 1))).toEqual(['12', '13', '14', '15', '16']);

    const ahead = hub.open('20') ?? new ReadableStream();
    await drain(ahead, 1);
    hub.deliver(shared(21));
    expect(idsIn(await drain(ahead, 1))).toEqual(['21']);

    const lost = hub.open('5') ?? new ReadableStream();
    await drain(lost, 1);
    (answer as (() => void) | null)?.();
    expect(await drain(lost, 1)).toMatch(/event: reset/);
    hub.close();
  });
});
