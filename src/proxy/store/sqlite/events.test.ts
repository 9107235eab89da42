import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedEvent } from '@/proxy/browser-events/hub';
import { assembleStore } from '../open';
import { LocalEvents } from './events';
import { sqliteDb } from './open';

const OPTS = { upstreamTtlMs: 1000, uploadsCapBytes: 1024 };
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const event = (id: string) => ({ event: 'job-removed', data: `{"id":"${id}"}`, created_ms: 1 });
const turn = () => new Promise((r) => setImmediate(r));

describe('one studio’s events', () => {
  it('hands each event over at once, stores it behind, and numbers past a restart’s gap', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-events-'));
    const { db, d } = sqliteDb(dir);
    const store = await assembleStore(db, d, OPTS);
    const events = new LocalEvents(() => undefined);
    const heard: SharedEvent[] = [];
    const after = await events.listen(
      0,
      () => undefined,
      (e) => heard.push(e),
      () => undefined,
    );
    expect(after).toBe(1000);
    await events.publish(db, event('a'));
    await events.publish(db, event('b'));
    // Heard before it is stored: the write waits for the next turn of the event loop.
    expect(heard.map((e) => e.seq)).toEqual([1001, 1002]);
    expect(await db.selectFrom('events').select('seq').execute()).toEqual([]);
    await turn();
    await events.close();
    const stored = await db.selectFrom('events').select(['seq', 'data']).orderBy('seq').execute();
    expect(stored).toEqual([
      { seq: 1001, data: '{"id":"a"}' },
      { seq: 1002, data: '{"id":"b"}' },
    ]);
    // A new run numbers above any number the last one may have given out unstored.
    const again = new LocalEvents(() => undefined);
    expect(
      await again.listen(
        1002,
        () => undefined,
        () => undefined,
        () => undefined,
      ),
    ).toBe(2002);
    await store.close();
  });

  it('says when events it handed over could not be stored', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-events-'));
    const { db, d } = sqliteDb(dir);
    const store = await assembleStore(db, d, OPTS);
    const errors = vi.fn();
    const lost = vi.fn();
    const events = new LocalEvents(errors);
    await events.listen(
      0,
      () => undefined,
      () => undefined,
      lost,
    );
    await db.schema.dropTable('events').execute();
    await events.publish(db, event('a'));
    await turn();
    await events.close();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledTimes(1);
    await store.close();
  });
});
