import { afterEach, describe, expect, it } from 'vitest';
import { StudioHttpError } from '../studio-error';
import { STORE_KINDS, storeKinds, type OpenedStore, type StoreKind } from '../test/store-kinds';
import { intentBy } from '../test/people';
import { budgetPeriods } from './budgets';

/** Budgets and the audit log on both databases, one suite. */
const kinds = storeKinds(1024 * 1024);
const opened: OpenedStore[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function open(kind: StoreKind, timeZone = 'UTC'): Promise<OpenedStore> {
  const o = await kinds.open(kind, { timeZone });
  opened.push(o);
  return o;
}

const person = (o: OpenedStore, name: string) =>
  o.store.people.create({
    name,
    email: `${name.toLowerCase()}@example.com`,
    role: 'member',
    passwordHash: null,
  });

let n = 0;
/** A create of `estimate` credits by `personId` at `nowMs`, checked against their budget. */
async function create(o: OpenedStore, personId: string, estimate: number, nowMs = Date.now()) {
  const handle = `job${String(++n).padStart(9, '0')}`;
  await o.store.history.recordIntent(intentBy(handle, personId), null, (trx) =>
    o.store.budgets.reserve(trx, { personId, handle, estimate }, nowMs),
  );
  return handle;
}

const refusal = (e: unknown) =>
  e instanceof StudioHttpError ? `${e.error.status} ${e.error.code}: ${e.error.message}` : e;

const DAY = 24 * 60 * 60 * 1000;

describe('local days and months', () => {
  it('start at local midnight of the studio’s time zone, and the month on its first', () => {
    // 2026-11-27 00:30 in Berlin is still the 26th in UTC.
    const at = Date.parse('2026-11-26T23:30:00Z');
    expect(budgetPeriods('UTC', at)).toMatchObject({
      day: '2026-11-26',
      month: '2026-11',
      dayStartMs: Date.parse('2026-11-26T00:00:00Z'),
      monthStartMs: Date.parse('2026-11-01T00:00:00Z'),
    });
    expect(budgetPeriods('Europe/Berlin', at)).toMatchObject({
      day: '2026-11-27',
      month: '2026-11',
      dayStartMs: Date.parse('2026-11-26T23:00:00Z'),
      monthStartMs: Date.parse('2026-10-31T23:00:00Z'),
    });
    // The first of a month is its own month's first day.
    expect(budgetPeriods('UTC', Date.parse('2026-12-01T10:00:00Z'))).toMatchObject({
      day: '2026-12-01',
      month: '2026-12',
      monthStartMs: Date.parse('2026-12-01T00:00:00Z'),
    });
  });
});

describe.each(STORE_KINDS)('budgets on %s', (kind) => {
  it('applies a person’s own budget, else the team default, else none', async () => {
    const o = await open(kind);
    const ana = await person(o, 'Ana');
    const ben = await person(o, 'Ben');
    const { budgets } = o.store;
    expect(await budgets.of(ana.id)).toBeNull();

    await budgets.set(null, { day: 100, month: null });
    await budgets.set(ana.id, { day: 20, month: 300 });
    expect(await budgets.of(ana.id)).toEqual({
      limits: { day: 20, month: 300 },
      own: true,
      used: { day: 0, month: 0 },
    });
    expect(await budgets.of(ben.id)).toMatchObject({
      limits: { day: 100, month: null },
      own: false,
    });

    // Ana's own, with no limits, frees her of the default; cleared, the default is hers.
    await budgets.set(ana.id, { day: null, month: null });
    expect(await budgets.of(ana.id)).toBeNull();
    expect(await budgets.clear(ana.id)).toEqual({ day: null, month: null });
    expect(await budgets.of(ana.id)).toMatchObject({ limits: { day: 100 }, own: false });
  });

  it('refuses the create that would pass the day’s budget, naming it and what is left', async () => {
    const o = await open(kind);
    const ana = await person(o, 'Ana');
    await o.store.budgets.set(ana.id, { day: 20, month: null });
    await create(o, ana.id, 8);
    await create(o, ana.id, 8);
    const refused = await create(o, ana.id, 8).catch(refusal);
    expect(refused).toBe(
      '403 budget_exceeded: Your daily budget of 20 credits has 4 left; this create costs 8.',
    );
    // Nothing of the refused create was written.
    expect(await o.db.selectFrom('jobs').select('handle').execute()).toHaveLength(2);
    expect(await o.store.budgets.of(ana.id)).toMatchObject({ used: { day: 16, month: 16 } });
    // What is left still fits a smaller create.
    await create(o, ana.id, 4);
  });

  it('counts earlier days in the month but not in the day, and refuses past the month', async () => {
    const o = await open(kind);
    const ana = await person(o, 'Ana');
    await o.store.budgets.set(null, { day: 15, month: 25 });
    const now = Date.parse('2026-11-15T12:00:00Z');
    await create(o, ana.id, 10, now - 2 * DAY);
    await create(o, ana.id, 10, now - DAY);
    expect(await o.store.budgets.of(ana.id, now)).toMatchObject({ used: { day: 0, month: 20 } });
    expect(await create(o, ana.id, 8, now).catch(refusal)).toBe(
      '403 budget_exceeded: Your monthly budget of 25 credits has 5 left; this create costs 8.',
    );
    await create(o, ana.id, 5, now);
    // Next month starts again; last month's creates count in neither period.
    const december = Date.parse('2026-12-01T00:00:01Z');
    expect(await o.store.budgets.of(ana.id, december)).toMatchObject({
      used: { day: 0, month: 0 },
    });
    await create(o, ana.id, 15, december);
    expect(await create(o, ana.id, 1, december).catch(refusal)).toBe(
      '403 budget_exceeded: Your daily budget of 15 credits has 0 left; this create costs 1.',
    );
  });

  it('lets a person’s charges go a month after the month they count in, and no one else’s', async () => {
    const o = await open(kind);
    const [ana, ben] = [await person(o, 'Ana'), await person(o, 'Ben')];
    await o.store.budgets.set(null, { day: null, month: 100 });
    const september = Date.parse('2026-09-20T12:00:00Z');
    await create(o, ana.id, 10, september);
    await create(o, ben.id, 10, september);
    const charges = async () =>
      (await o.db.selectFrom('budget_charges').select('person_id').execute())
        .map((r) => (r.person_id === ana.id ? 'Ana' : 'Ben'))
        .sort();
    // October's first create keeps September's: a month back is still kept.
    await create(o, ana.id, 1, Date.parse('2026-10-02T12:00:00Z'));
    expect(await charges()).toEqual(['Ana', 'Ana', 'Ben']);
    // November's lets Ana's September charge go, not Ben's, and counts only November.
    await create(o, ana.id, 2, Date.parse('2026-11-02T12:00:00Z'));
    expect(await charges()).toEqual(['Ana', 'Ana', 'Ben']);
    expect(await o.store.budgets.of(ana.id, Date.parse('2026-11-02T13:00:00Z'))).toMatchObject({
      used: { month: 2 },
    });
  });

  it('frees a refused create’s reservation, and counts what a job really cost once known', async () => {
    const o = await open(kind);
    const ana = await person(o, 'Ana');
    await o.store.budgets.set(ana.id, { day: 20, month: null });
    const refusedUpstream = await create(o, ana.id, 16);
    expect(await create(o, ana.id, 8).catch(refusal)).toMatch(/has 4 left/);
    // The service refused the first: its intent goes, and its reservation with it.
    await o.store.history.discardIntent(refusedUpstream);
    expect(await o.store.budgets.of(ana.id)).toMatchObject({ used: { day: 0 } });

    const running = await create(o, ana.id, 8);
    // The service froze more than the estimate, then consumed less.
    await o.db
      .updateTable('jobs')
      .set({ status: 'processing', cost_frozen: 12 })
      .where('handle', '=', running)
      .execute();
    expect(await o.store.budgets.of(ana.id)).toMatchObject({ used: { day: 12 } });
    await o.db
      .updateTable('jobs')
      .set({ status: 'completed', cost_consumed: 6 })
      .where('handle', '=', running)
      .execute();
    expect(await o.store.budgets.of(ana.id)).toMatchObject({ used: { day: 6 } });
    // Deleted, it still cost what it cost.
    await o.store.history.remove(running);
    expect(await o.store.budgets.of(ana.id)).toMatchObject({ used: { day: 6 } });
  });
});

describe.each(STORE_KINDS)('the audit log on %s', (kind) => {
  it('keeps what is appended, newest first, by person, action and time', async () => {
    const o = await open(kind);
    const { audit } = o.store;
    await audit.append({ actor: null, action: 'sign_in_failed', subject: 'ana1', ip: '10.0.0.1' });
    await audit.append({ actor: 'ana1', action: 'sign_in', subject: 'ana1' });
    await audit.append({
      actor: 'ana1',
      action: 'job_deleted',
      subject: 'job000000001',
      detail: { prompt: 'a fox' },
    });
    await audit.append({ actor: 'ben1', action: 'role_changed', subject: 'cy1' });
    const all = await audit.list({ limit: 10 });
    expect(all.entries.map((e) => e.action)).toEqual([
      'role_changed',
      'job_deleted',
      'sign_in',
      'sign_in_failed',
    ]);
    expect(all.entries[1]).toMatchObject({ actor: 'ana1', detail: { prompt: 'a fox' } });
    expect(all.entries[3]).toMatchObject({ actor: null, ip: '10.0.0.1' });
    // A person's: what they did and what was done to them.
    const ana = await audit.list({ person: 'ana1', limit: 10 });
    expect(ana.entries.map((e) => e.action)).toEqual(['job_deleted', 'sign_in', 'sign_in_failed']);
    const page = await audit.list({ person: 'ana1', limit: 2 });
    expect(page.more).toBe(true);
    const rest = await audit.list({ person: 'ana1', limit: 2, beforeSeq: page.entries[1]?.seq });
    expect(rest).toMatchObject({ more: false, entries: [{ action: 'sign_in_failed' }] });
    expect((await audit.list({ action: 'sign_in', limit: 10 })).entries).toHaveLength(1);
    const future = await audit.list({ fromMs: Date.now() + 60_000, limit: 10 });
    expect(future.entries).toEqual([]);
  });

  it('refuses to change or delete an entry, whoever asks the database', async () => {
    const o = await open(kind);
    await o.store.audit.append({ actor: 'ana1', action: 'export' });
    const update = o.db.updateTable('audit').set({ action: 'sign_in' }).execute();
    await expect(update).rejects.toThrow(/append-only/);
    await expect(o.db.deleteFrom('audit').execute()).rejects.toThrow(/append-only/);
    expect((await o.store.audit.list({ limit: 10 })).entries).toMatchObject([{ action: 'export' }]);
  });
});
