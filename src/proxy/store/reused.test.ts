import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import { reused } from './reused';

const kinds = storeKinds(1024);

describe.each(STORE_KINDS)('a reused statement on %s', (kind) => {
  let opened: OpenedStore | null = null;
  afterEach(async () => {
    await opened?.close();
    vi.restoreAllMocks();
  });

  it('is built once and binds each run’s values in their places', async () => {
    opened = await kinds.open(kind);
    const { db, d } = opened;
    const build = vi.fn((q: typeof db, _d: unknown, v: { a: string; b: number; unused: string }) =>
      q.selectNoFrom([
        sql<string>`${v.a}`.as('a'),
        sql<number>`${v.b} + 1`.as('b'),
        sql<string>`${'fixed'}`.as('fixed'),
      ]),
    );
    const run = reused(['a', 'b', 'unused'], build);
    const as = (rows: unknown[]) => rows.map((r) => ({ ...(r as object) }));
    expect(as(await run(db, d, { a: 'one', b: 1, unused: 'x' }))).toEqual([
      { a: 'one', b: 2, fixed: 'fixed' },
    ]);
    expect(as(await run(db, d, { a: 'two', b: 41, unused: 'y' }))).toEqual([
      { a: 'two', b: 42, fixed: 'fixed' },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
