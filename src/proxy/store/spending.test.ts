import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spendingSchema } from '@/contract/spending';
import { insertJob, type LedgerJobSpec } from '../test/ledger-jobs';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import type { HistoryStore } from './shared-store';
import type { SpendingReads } from './spending';

const kinds = storeKinds(1024 * 1024);

/** The same figures and the same CSV from SQLite and from Postgres. */
describe.each(STORE_KINDS)('spending on %s', (kind) => {
  let opened: OpenedStore;
  let store: HistoryStore;
  let spending: SpendingReads;

  beforeEach(async () => {
    opened = await kinds.open(kind);
    store = opened.store.history;
    spending = opened.store.spending;
  });
  afterEach(() => opened.close());

  const NOW = Date.parse('2026-05-03T12:00:00Z');

  /** Jobs on both sides of midnight: which day they belong to depends on the zone. */
  const JOBS: LedgerJobSpec[] = [
    // 23:30 UTC on May 1 is May 2 in Berlin (+02:00), still May 1 in New York (-04:00).
    {
      handle: 'late-may-01',
      createdAt: '2026-05-01T23:30:00Z',
      status: 'completed',
      frozen: 80,
      consume: 80,
    },
    // 02:30 UTC on May 2 is May 2 in Berlin, May 1 (22:30) in New York.
    {
      handle: 'early-may-2',
      createdAt: '2026-05-02T02:30:00Z',
      status: 'completed',
      frozen: 160,
      consume: 160,
      operation: 'upscale',
    },
    {
      handle: 'noon-may-02',
      createdAt: '2026-05-02T12:00:00Z',
      status: 'failed',
      frozen: 120,
      consume: 0,
      operation: 'variation',
    },
    {
      handle: 'today-video',
      createdAt: '2026-05-03T09:00:00Z',
      status: 'completed',
      frozen: 480,
      consume: 480,
      operation: 'video_diffusion',
    },
    {
      handle: 'today-runs1',
      createdAt: '2026-05-03T11:00:00Z',
      status: 'processing',
      frozen: 80,
      consume: 0,
    },
    // Out of a 7-day range, inside 30 days.
    {
      handle: 'april-job01',
      createdAt: '2026-04-20T10:00:00Z',
      status: 'completed',
      frozen: 80,
      consume: 80,
    },
  ];

  const seed = async () => {
    for (const j of JOBS) await insertJob(store, j);
  };
  const readAll = async (gen: AsyncGenerator<string>) => {
    let text = '';
    for await (const chunk of gen) text += chunk;
    return text;
  };
  const byDay = async (tz: string, days = 7) =>
    Object.fromEntries(
      (await spending.summary(days, tz, NOW)).daily
        .filter((d) => d.jobs > 0)
        .map((d) => [d.day, d.byOperation]),
    );

  describe('spending by local day', () => {
    it('puts each job on the day of the user’s calendar', async () => {
      await seed();
      expect(await byDay('UTC')).toEqual({
        '2026-05-01': { diffusion: 80 },
        '2026-05-02': { upscale: 160 },
        '2026-05-03': { video_diffusion: 480 },
      });
      expect(await byDay('Europe/Berlin')).toEqual({
        '2026-05-02': { diffusion: 80, upscale: 160 },
        '2026-05-03': { video_diffusion: 480 },
      });
      expect(await byDay('America/New_York')).toEqual({
        '2026-05-01': { diffusion: 80, upscale: 160 },
        '2026-05-02': {},
        '2026-05-03': { video_diffusion: 480 },
      });
      // The failed job counts on its day, with nothing consumed and its credits refunded.
      const ny = (await spending.summary(7, 'America/New_York', NOW)).daily;
      expect(ny.find((d) => d.day === '2026-05-02')).toMatchObject({
        jobs: 1,
        consumed: 0,
        refunded: 120,
      });
    });

    it('lists every day of the range, and totals that equal the sum of the jobs', async () => {
      await seed();
      const s = spendingSchema.parse(await spending.summary(30, 'Europe/Berlin', NOW));
      expect(s.daily).toHaveLength(30);
      expect(s.daily[0]?.day).toBe('2026-04-04');
      expect(s.daily.at(-1)?.day).toBe('2026-05-03');
      expect(s.from).toBe('2026-04-03T22:00:00.000Z');
      expect(s.to).toBe('2026-05-03T22:00:00.000Z');
      const consumed = JOBS.reduce((a, j) => a + j.consume, 0);
      expect(s.totals).toEqual({ jobs: 6, consumed, refunded: 120 });
      expect(s.daily.reduce((a, d) => a + d.consumed, 0)).toBe(consumed);
      expect(s.operations).toEqual([
        { operation: 'video_diffusion', jobs: 1, consumed: 480, refunded: 0 },
        { operation: 'diffusion', jobs: 3, consumed: 160, refunded: 0 },
        { operation: 'upscale', jobs: 1, consumed: 160, refunded: 0 },
        { operation: 'variation', jobs: 1, consumed: 0, refunded: 120 },
      ]);
      expect((await spending.summary(7, 'Europe/Berlin', NOW)).totals.jobs).toBe(5);
    });

    it('names the most expensive jobs and the refunds by handle, and the weekly rate', async () => {
      await seed();
      await store.remove('early-may-2');
      const s = await spending.summary(7, 'UTC', NOW);
      expect(s.top.map((j) => [j.id, j.consumed, j.inHistory])).toEqual([
        ['today-video', 480, true],
        ['early-may-2', 160, false],
        ['late-may-01', 80, true],
      ]);
      expect(s.refunds).toMatchObject([{ id: 'noon-may-02', refunded: 120, status: 'failed' }]);
      expect(s.last7Days).toEqual({ consumed: 720, perDay: 720 / 7 });
      expect(JSON.stringify(s)).not.toContain('up-');
    });
  });

  describe('the ledger CSV', () => {
    it('has one line per job, in local time, and no upstream ids', async () => {
      await seed();
      const text = await readAll(
        spending.csv('Europe/Berlin', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 2),
      );
      const lines = text.trim().split('\n');
      expect(lines[0]).toBe('date,job,operation,speed,status,frozen,consumed,refunded,person');
      expect(lines.slice(1)).toEqual([
        '2026-04-20T12:00:00+02:00,april-job01,diffusion,fast,completed,80,80,0,',
        '2026-05-02T01:30:00+02:00,late-may-01,diffusion,fast,completed,80,80,0,',
        '2026-05-02T04:30:00+02:00,early-may-2,upscale,fast,completed,160,160,0,',
        '2026-05-02T14:00:00+02:00,noon-may-02,variation,fast,failed,120,0,120,',
        '2026-05-03T11:00:00+02:00,today-video,video_diffusion,fast,completed,480,480,0,',
        '2026-05-03T13:00:00+02:00,today-runs1,diffusion,fast,processing,80,0,0,',
      ]);
      expect(text).not.toContain('up-');
    });

    it('exports only the range asked for', async () => {
      await seed();
      const from = Date.parse('2026-05-02T00:00:00Z');
      const to = Date.parse('2026-05-03T00:00:00Z');
      const exported = (await readAll(spending.csv('UTC', from, to))).trim().split('\n');
      expect(exported.slice(1).map((l) => l.split(',')[1])).toEqual(['early-may-2', 'noon-may-02']);
    });
  });

  describe('spending by person', () => {
    it('gives each person the credits of the jobs they made, deleted ones included', async () => {
      const people = opened.store.people;
      const ana = await people.create({
        name: 'Ana, of "Design"',
        email: 'ana@example.com',
        role: 'member',
        passwordHash: null,
      });
      const ben = await people.create({
        name: 'Ben',
        email: 'ben@example.com',
        role: 'member',
        passwordHash: null,
      });
      const made: LedgerJobSpec[] = [
        { ...JOBS[0]!, createdBy: ana.id },
        { ...JOBS[1]!, createdBy: ana.id },
        { ...JOBS[2]!, createdBy: ben.id },
        { ...JOBS[3]!, createdBy: ben.id },
        { ...JOBS[4]!, createdBy: ana.id },
        // No maker: a job from before the studio knew people.
        {
          handle: 'old-nobody1',
          createdAt: '2026-05-02T08:00:00Z',
          status: 'completed',
          frozen: 40,
          consume: 40,
        },
      ];
      for (const j of made) await insertJob(store, j);
      // Ana's upscale deleted: its credits stay hers.
      await store.remove('early-may-2');

      const summary = spendingSchema.parse(await spending.summary(7, 'UTC', NOW));
      const sumOf = (who: string | undefined) =>
        made.filter((j) => j.createdBy === who).reduce((a, j) => a + j.consume, 0);
      expect(summary.people).toEqual([
        { id: ben.id, name: 'Ben', jobs: 2, consumed: sumOf(ben.id), refunded: 120 },
        { id: ana.id, name: 'Ana, of "Design"', jobs: 3, consumed: sumOf(ana.id), refunded: 0 },
        { id: 'unknown', name: 'Unknown', jobs: 1, consumed: 40, refunded: 0 },
      ]);
      expect(summary.people.reduce((a, p) => a + p.consumed, 0)).toBe(summary.totals.consumed);
      // Each day's split adds up to the day, and each person's days to their total.
      for (const d of summary.daily) {
        expect(Object.values(d.byPerson).reduce((a, c) => a + c, 0)).toBe(d.consumed);
      }
      const anasDays = summary.daily.reduce((a, d) => a + (d.byPerson[ana.id] ?? 0), 0);
      expect(anasDays).toBe(sumOf(ana.id));

      const csv = (await readAll(spending.csv('UTC', Number.MIN_SAFE_INTEGER, NOW))).trim();
      const byJob = new Map(csv.split('\n').map((l) => [l.split(',')[1], l]));
      expect(byJob.get('early-may-2')).toMatch(/,"Ana, of ""Design"""$/);
      expect(byJob.get('today-video')).toMatch(/,Ben$/);
      expect(byJob.get('old-nobody1')).toMatch(/,40,0,$/);
    });

    it('gives the owner the spending of the jobs from before people, as it gives them the jobs', async () => {
      for (const j of JOBS) await insertJob(store, j);
      const { owner } = await opened.store.people.ensureOwner({
        name: 'Owner',
        email: 'owner@localhost',
        passwordHash: null,
      });
      const summary = spendingSchema.parse(await spending.summary(7, 'UTC', NOW));
      expect(summary.people).toEqual([
        {
          id: owner.id,
          name: 'Owner',
          jobs: summary.totals.jobs,
          consumed: summary.totals.consumed,
          refunded: summary.totals.refunded,
        },
      ]);
    });
  });
});
