import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskResponseSchema, type TaskStatus, type TaskType } from '@/contract/task';
import { stateFromTask } from '../model/record';
import { createRedactor } from '../log';
import { fixture } from '../test/fixtures';
import { openDatabase } from './db';
import type { HistoryFilter } from './history';
import { ftsQuery } from './history';
import { JobStore } from './jobs';

let dir: string;
let db: Database.Database;
let store: JobStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'history-test-'));
  db = openDatabase(dir);
  store = new JobStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const completed = taskResponseSchema.parse(fixture('diffusion-completed'));
const redact = createRedactor([]);

interface Spec {
  prompt: string;
  operation?: TaskType;
  status?: TaskStatus;
  createdAt?: string;
  parent?: string;
}

let n = 0;
function add(spec: Spec): string {
  const handle = `handle-${String(++n).padStart(5, '0')}`;
  const state = stateFromTask(completed, null, redact);
  store.insert({
    handle,
    upstreamId: `up-${n}`,
    parentHandle: spec.parent ?? null,
    parentIndex: spec.parent ? 0 : null,
    operation: spec.operation ?? 'diffusion',
    prompt: spec.prompt,
    createdAt: spec.createdAt ?? '2026-01-10T12:00:00Z',
    dims: {},
    task: completed,
    ...state,
    status: spec.status ?? 'completed',
  });
  return handle;
}

const page = (f: Partial<HistoryFilter>) =>
  store.list({ beforeSeq: null, limit: 50, ...f }).jobs.map((j) => j.prompt);

describe('history queries', () => {
  it('filters by operation, status, creation date and favourite, newest first', () => {
    add({ prompt: 'a', createdAt: '2026-01-01T10:00:00Z' });
    const b = add({ prompt: 'b', operation: 'upscale', createdAt: '2026-01-02T10:00:00Z' });
    add({ prompt: 'c', status: 'failed', createdAt: '2026-01-03T10:00:00.500+01:00' });
    add({ prompt: 'd', status: 'processing', operation: 'video_diffusion' });
    expect(page({})).toEqual(['d', 'c', 'b', 'a']);
    expect(page({ operations: ['upscale', 'video_diffusion'] })).toEqual(['d', 'b']);
    expect(page({ statuses: ['failed', 'processing'] })).toEqual(['d', 'c']);
    const day = (d: string) => Date.parse(d);
    expect(page({ fromMs: day('2026-01-02'), toMs: day('2026-01-04') })).toEqual(['c', 'b']);
    expect(store.setFavourite(b, true)).toBe(true);
    expect(page({ favourite: true })).toEqual(['b']);
    expect(page({ favourite: false })).toEqual(['d', 'c', 'a']);
    expect(store.setFavourite('handle-nope', true)).toBe(false);
  });

  it('searches prompts by word prefixes, ignoring case, accents and FTS syntax', () => {
    add({ prompt: 'A lighthouse in a storm --ar 16:9' });
    add({ prompt: 'Café au lait on a table' });
    add({ prompt: 'a storm over the sea' });
    expect(page({ search: 'STORM' })).toEqual([
      'a storm over the sea',
      'A lighthouse in a storm --ar 16:9',
    ]);
    expect(page({ search: 'light sto' })).toEqual(['A lighthouse in a storm --ar 16:9']);
    expect(page({ search: 'cafe' })).toEqual(['Café au lait on a table']);
    for (const odd of ['"', 'NEAR(storm sea)', 'prompt:storm', '*', 'storm AND', '--']) {
      expect(() => page({ search: odd }), odd).not.toThrow();
    }
    expect(ftsQuery('"drop" table; --x')).toBe('"drop"* "table"* "x"*');
    expect(ftsQuery('-- **')).toBeNull();
  });

  it('pages with a cursor under any filter', () => {
    for (let i = 0; i < 7; i++) add({ prompt: `storm ${i}` });
    add({ prompt: 'calm' });
    const first = store.list({ beforeSeq: null, limit: 3, search: 'storm' });
    expect(first.jobs.map((j) => j.prompt)).toEqual(['storm 6', 'storm 5', 'storm 4']);
    expect(first.more).toBe(true);
    const last = first.jobs.at(-1)?.seq ?? 0;
    const second = store.list({ beforeSeq: last, limit: 10, search: 'storm' });
    expect(second.jobs.map((j) => j.prompt)).toEqual(['storm 3', 'storm 2', 'storm 1', 'storm 0']);
    expect(second.more).toBe(false);
  });
});

describe('lineage and deletion', () => {
  it('walks ancestors root first and lists children', () => {
    const root = add({ prompt: 'root' });
    const mid = add({ prompt: 'mid', operation: 'upscale', parent: root });
    const leaf = add({ prompt: 'leaf', operation: 'variation', parent: mid });
    const sibling = add({ prompt: 'sibling', operation: 'upscale', parent: root });
    const of = (h: string) => {
      const l = store.lineage(h);
      return { up: l.ancestors.map((j) => j.prompt), down: l.children.map((j) => j.prompt) };
    };
    expect(of(leaf)).toEqual({ up: ['root', 'mid'], down: [] });
    expect(of(root)).toEqual({ up: [], down: ['mid', 'sibling'] });
    expect(of(sibling)).toEqual({ up: ['root'], down: [] });
  });

  it('keeps an emptied row for a deleted parent until its last child goes', () => {
    const root = add({ prompt: 'root storm' });
    const mid = add({ prompt: 'mid storm', parent: root });
    const leaf = add({ prompt: 'leaf', parent: mid });
    store.remove(mid);
    expect(store.get(mid)).toBeNull();
    expect(store.lineage(leaf).ancestors.map((j) => j.prompt)).toEqual(['root storm']);
    expect(page({ search: 'storm' })).toEqual(['root storm']);
    expect(page({})).toEqual(['leaf', 'root storm']);
    store.remove(leaf);
    // The emptied row of `mid` went with its last child; `root` was never deleted.
    expect(db.prepare('SELECT handle FROM jobs ORDER BY seq').pluck().all()).toEqual([root]);
  });
});
