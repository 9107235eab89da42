import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { inviteStatus } from '../model/invites';
import { StudioHttpError } from '../studio-error';
import { ownerWith } from '../test/people';
import { STORE_KINDS, replicaPairs, storeKinds } from '../test/store-kinds';

/** Invites on both databases, one suite. */
const kinds = storeKinds(1024 * 1024);
const { twoReplicas } = replicaPairs(kinds);
const HOUR = 60 * 60 * 1000;

const code = (e: unknown) => (e instanceof StudioHttpError ? e.error.code : String(e));
const status = (e: unknown) => (e instanceof StudioHttpError ? e.error.status : 0);

describe.each(STORE_KINDS)('invites on %s', (kind) => {
  let hash = '';
  const taker = async (name: string, email: string) => {
    hash ||= await hashPassword('a taker password');
    return { name, email, passwordHash: hash };
  };

  it('keeps only the hash of the token, and makes one person of the invite’s role, once', async () => {
    const [store, other, raw] = await twoReplicas(kind);
    const owner = await ownerWith(store, 'the owner password');
    const { invite, token } = await store.invites.create({
      role: 'member',
      email: null,
      createdBy: owner.id,
      lifetimeMs: 7 * 24 * HOUR,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite).toMatchObject({ role: 'member', createdBy: { id: owner.id, name: 'Owner' } });
    const rows = await raw.db.selectFrom('invites').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows).toHaveLength(1);

    expect(await other.invites.look(token)).toMatchObject({ kind: 'open' });
    const ana = await other.invites.accept(token, await taker('Ana', 'Ana@Example.com'));
    expect(ana).toMatchObject({ name: 'Ana', email: 'Ana@Example.com', role: 'member' });
    expect((await store.people.byEmail('ana@example.com'))?.id).toBe(ana.id);

    const again = await store.invites
      .accept(token, await taker('Ana again', 'other@example.com'))
      .catch((e: unknown) => e);
    expect([code(again), status(again)]).toEqual(['invite_not_valid', 410]);
    expect(await store.invites.look(token)).toEqual({ kind: 'not-valid', known: true });
    expect(await store.invites.look('not a token at all')).toEqual({
      kind: 'not-valid',
      known: false,
    });
    const [listed] = await store.invites.list();
    expect(listed).toMatchObject({ usedBy: { id: ana.id, name: 'Ana' } });
    expect(inviteStatus(listed!, Date.now())).toBe('used');
    expect((await store.people.list()).map((p) => p.email)).toEqual([
      'owner@localhost',
      'Ana@Example.com',
    ]);
  });

  it('gives exactly one person when two replicas take one invite at once', async () => {
    const [a, b] = await twoReplicas(kind);
    const owner = await ownerWith(a, 'the owner password');
    for (let round = 0; round < 5; round++) {
      const { token } = await a.invites.create({
        role: 'viewer',
        email: null,
        createdBy: owner.id,
        lifetimeMs: HOUR,
      });
      // SQLite's replicas are one studio: its one connection takes them in turn too.
      const [first, second] = kind === 'postgres' ? [a, b] : [a, a];
      const results = await Promise.allSettled([
        first.invites.accept(token, await taker('One', `one${round}@example.com`)),
        second.invites.accept(token, await taker('Two', `two${round}@example.com`)),
      ]);
      const made = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(made).toHaveLength(1);
      expect(refused.map((r) => code(r.reason))).toEqual(['invite_not_valid']);
    }
    // The owner and one person per invite: no more.
    expect(await b.people.list()).toHaveLength(6);
  });

  it('refuses an invite past its time or revoked, and leaves it open when the email is taken', async () => {
    const [store] = await twoReplicas(kind);
    const owner = await ownerWith(store, 'the owner password');
    const t0 = Date.now();
    const short = await store.invites.create(
      { role: 'member', email: null, createdBy: owner.id, lifetimeMs: HOUR },
      t0,
    );
    expect(await store.invites.look(short.token, t0 + HOUR - 1)).toMatchObject({ kind: 'open' });
    expect(await store.invites.look(short.token, t0 + HOUR)).toEqual({
      kind: 'not-valid',
      known: true,
    });
    const late = await store.invites
      .accept(short.token, await taker('Late', 'late@example.com'), t0 + HOUR)
      .catch((e: unknown) => e);
    expect(code(late)).toBe('invite_not_valid');
    expect(inviteStatus(short.invite, t0 + HOUR)).toBe('expired');

    const forBen = await store.invites.create({
      role: 'admin',
      email: 'ben@example.com',
      createdBy: owner.id,
      lifetimeMs: HOUR,
    });
    // An invite for one email makes that person, whatever email the form sent.
    await store.people.create({
      name: 'Ben before',
      email: 'BEN@example.com',
      role: 'viewer',
      passwordHash: null,
    });
    const taken = await store.invites
      .accept(forBen.token, await taker('Ben', 'someone@example.com'))
      .catch((e: unknown) => e);
    expect(code(taken)).toBe('email_taken');
    expect(await store.invites.look(forBen.token)).toMatchObject({ kind: 'open' });

    const vetoed = await store.invites
      .revoke(forBen.invite.id, () => {
        throw new StudioHttpError({
          status: 403,
          code: 'vetoed',
          message: 'no',
          hint: null,
          retryAfterS: null,
        });
      })
      .catch((e: unknown) => e);
    expect(code(vetoed)).toBe('vetoed');
    expect(await store.invites.look(forBen.token)).toMatchObject({ kind: 'open' });
    const revoked = await store.invites.revoke(forBen.invite.id, () => undefined);
    expect(revoked && inviteStatus(revoked, Date.now())).toBe('revoked');
    const refused = await store.invites
      .accept(forBen.token, await taker('Ben', 'ben@example.com'))
      .catch((e: unknown) => e);
    expect([code(refused), status(refused)]).toEqual(['invite_not_valid', 410]);
    expect(await store.invites.revoke('AAAAAAAAAAAA', () => undefined)).toBeNull();

    // A used invite cannot be revoked: it made someone.
    const used = await store.invites.create({
      role: 'viewer',
      email: 'cy@example.com',
      createdBy: owner.id,
      lifetimeMs: HOUR,
    });
    const cy = await store.invites.accept(used.token, await taker('Cy', 'ignored@example.com'));
    expect(cy.email).toBe('cy@example.com');
    const late2 = await store.invites
      .revoke(used.invite.id, () => undefined)
      .catch((e: unknown) => e);
    expect(code(late2)).toBe('invite_used');
    const statuses = (await store.invites.list()).map((i) => inviteStatus(i, Date.now()));
    expect(statuses.sort()).toEqual(['open', 'revoked', 'used']);
  });
});
