import { describe, expect, it } from 'vitest';
import { sessionKey } from '../auth/sessions';
import { StudioHttpError } from '../studio-error';
import { ownerWith, personWith } from '../test/people';
import { REPLICA_OPTS, replicas } from '../test/replicas';
import { STORE_KINDS, storeKinds } from '../test/store-kinds';
import { migrateStore } from './migrations';
import { assembleStore } from './open';
import { indexed } from './search';

/** People, roles and their sessions on both databases, one suite. */
const kinds = storeKinds(1024 * 1024);
/** Two replicas of one studio: two stores, each with its own connection, on one database. */
const { two: twoReplicas, keep } = replicas(kinds);

const code = (e: unknown) => (e instanceof StudioHttpError ? e.error.code : String(e));

describe.each(STORE_KINDS)('people on %s', (kind) => {
  it('keeps emails unique whatever their case, among the people not removed', async () => {
    const [store] = await twoReplicas(kind);
    await ownerWith(store, 'the owner password');
    const ana = await personWith(store, 'member', 'ana password 1', 'Ana@Example.com');
    expect((await store.people.byEmail('  ana@EXAMPLE.com'))?.id).toBe(ana.id);
    const twice = await personWith(store, 'viewer', 'another one 12', 'ana@example.com').catch(
      (e: unknown) => e,
    );
    expect(code(twice)).toBe('email_taken');
    expect(await store.people.remove(ana.id, () => undefined)).toBe(true);
    expect(await store.people.byEmail('ana@example.com')).toBeNull();
    // Removed, the email is free again: a new person, with a new id.
    const back = await personWith(store, 'viewer', 'another one 12', 'ana@example.com');
    expect(back.id).not.toBe(ana.id);
    expect((await store.people.list()).map((p) => p.role)).toEqual(['owner', 'viewer']);
  });

  it('ends a person’s sessions on every replica when their role changes or they are removed', async () => {
    const [a, b] = await twoReplicas(kind);
    await ownerWith(a, 'the owner password');
    const ben = await personWith(a, 'member', 'ben password 12');
    const first = await a.sessions.create(ben.id);
    const second = await b.sessions.create(ben.id);
    expect(await b.sessions.who(first.token)).toMatchObject({ id: ben.id, role: 'member' });

    // Changed on one replica; the other's very next check reads the store, so it needs
    // no message and no wait: well within a second by construction.
    await a.people.setRole(ben.id, 'viewer', () => undefined);
    expect(await b.sessions.who(first.token)).toBeNull();
    expect(await a.sessions.who(second.token)).toBeNull();

    const third = await b.sessions.create(ben.id);
    expect(await a.sessions.who(third.token)).toMatchObject({ role: 'viewer' });
    await b.people.remove(ben.id, () => undefined);
    expect(await a.sessions.who(third.token)).toBeNull();
  });

  it('records who made each job and each upload', async () => {
    const [store, other, db] = await twoReplicas(kind);
    const ana = await personWith(store, 'member', 'ana password 12');
    await store.history.recordIntent(
      {
        handle: 'anasJob00001',
        hookToken: null,
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion',
        prompt: 'a fox',
        params: null,
        createdBy: ana.id,
      },
      null,
    );
    expect((await other.history.get('anasJob00001'))?.createdBy).toBe(ana.id);
    const upload = await store.uploads.save(
      { data: Buffer.alloc(64, 1), type: 'image/png', ext: 'png', width: 1, height: 1 },
      ana.id,
    );
    const rows = await db
      .selectFrom('uploads')
      .select('created_by')
      .where('id', '=', upload.id)
      .execute();
    expect(rows).toEqual([{ created_by: ana.id }]);
  });

  it('always keeps an owner, and lets the caller refuse a change before it is made', async () => {
    const [store] = await twoReplicas(kind);
    const owner = await ownerWith(store, 'the owner password');
    const refused = await store.people
      .setRole(owner.id, 'admin', () => undefined)
      .catch((e: unknown) => e);
    expect(code(refused)).toBe('last_owner');
    expect(
      code(await store.people.remove(owner.id, () => undefined).catch((e: unknown) => e)),
    ).toBe('last_owner');
    const admin = await personWith(store, 'admin', 'admin password 1');
    const veto = new StudioHttpError({
      status: 403,
      code: 'vetoed',
      message: 'no',
      hint: null,
      retryAfterS: null,
    });
    const vetoed = await store.people
      .setRole(admin.id, 'viewer', () => {
        throw veto;
      })
      .catch((e: unknown) => e);
    expect(vetoed).toBe(veto);
    expect((await store.people.get(admin.id))?.role).toBe('admin');
    // Two owners: either may step down, not both.
    await store.people.setRole(admin.id, 'owner', () => undefined);
    await store.people.setRole(owner.id, 'member', () => undefined);
    expect(
      code(await store.people.remove(admin.id, () => undefined).catch((e: unknown) => e)),
    ).toBe('last_owner');
  });

  it('makes the owner once, and gives them the jobs and sessions from before people', async () => {
    const raw = await kinds.raw(kind);
    // A studio at schema 2: one password, jobs and a session that belong to no one.
    await migrateStore(raw.db, raw.d, 2);
    await raw.db
      .insertInto('jobs')
      .values({
        handle: 'oldJob000001',
        upstream_id: 'u',
        operation: 'diffusion',
        prompt: 'a fox',
        status: 'completed',
        created_at: '2026-04-01T10:00:00Z',
        created_ms: 1000,
        updated_at: '2026-04-01T10:00:00Z',
        added_ms: 0,
        dims_json: '{}',
        ...indexed(raw.d, 'a fox'),
        ...(raw.d.nextSeq ? { seq: raw.d.nextSeq } : {}),
      } as never)
      .execute();
    await raw.db
      .insertInto('sessions')
      .values({
        token_hash: sessionKey('an-old-token'),
        created_ms: 1,
        expires_ms: Date.now() + 60_000,
      })
      .execute();
    const store = await assembleStore(raw.db, raw.d, REPLICA_OPTS);
    keep(store, raw);
    // Before an owner is made, the old session lets no one in.
    expect(await store.sessions.who('an-old-token')).toBeNull();
    const made = await store.people.ensureOwner({
      name: 'Owner',
      email: 'Boss@Example.com',
      passwordHash: null,
    });
    expect(made.made).toBe(true);
    const again = await store.people.ensureOwner({
      name: 'Owner',
      email: 'boss@example.com',
      passwordHash: null,
    });
    expect(again).toEqual({ owner: made.owner, made: false });
    expect((await store.history.get('oldJob000001'))?.createdBy).toBe(made.owner.id);
    expect(await store.sessions.who('an-old-token')).toMatchObject({
      id: made.owner.id,
      role: 'owner',
    });
    expect(made.owner.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
