import { describe, expect, it } from 'vitest';
import { ownerWith, personWith } from '../test/people';
import { STORE_KINDS, replicaPairs, storeKinds } from '../test/store-kinds';
import type { ProviderAccount } from '../model/oidc';

/** Who an OpenID Connect account signs in as, on both databases, seen by two replicas. */
const kinds = storeKinds(1024 * 1024);
const ISSUER = 'https://id.example.com';
const pair = replicaPairs(kinds);

async function twoReplicas(kind: 'sqlite' | 'postgres') {
  const [a, b] = await pair.twoReplicas(kind);
  await ownerWith(a, 'the owner password');
  return [a, b] as const;
}

const account = (subject: string, more: Partial<ProviderAccount> = {}): ProviderAccount => ({
  issuer: ISSUER,
  subject,
  email: `${subject}@example.com`,
  emailVerified: true,
  name: subject,
  role: 'member',
  ...more,
});

describe.each(STORE_KINDS)('OpenID Connect accounts on %s', (kind) => {
  it('makes a person once, and finds them by issuer and subject on every replica', async () => {
    const [a, b] = await twoReplicas(kind);
    const first = await a.identities.signIn(account('ana'));
    expect(first).toMatchObject({ kind: 'ok', made: true, person: { role: 'member' } });
    if (first.kind !== 'ok') return;
    // A new email at the provider: still the same person, found by subject.
    const again = await b.identities.signIn(account('ana', { email: 'ana@new.example.com' }));
    expect(again).toMatchObject({ kind: 'ok', made: false, person: { id: first.person.id } });
    // The same email at another issuer, unverified there: not linked, and not made twice.
    const elsewhere = account('ana', { issuer: 'https://other.example.com', emailVerified: false });
    expect(await b.identities.signIn(elsewhere)).toEqual({ kind: 'email_taken' });
    expect(await b.identities.signIn(account('nomail', { email: null }))).toEqual({
      kind: 'no_email',
    });
  });

  it('changes the role with the claims, ending the sessions, but keeps the last owner', async () => {
    const [a, b] = await twoReplicas(kind);
    const made = await a.identities.signIn(account('ben'));
    if (made.kind !== 'ok') throw new Error(made.kind);
    const session = await a.sessions.create(made.person.id);
    const admin = await b.identities.signIn(account('ben', { role: 'admin' }));
    expect(admin).toMatchObject({ kind: 'ok', person: { role: 'admin' } });
    expect(await a.sessions.who(session.token)).toBeNull();

    // The owner, linked by their verified email, whose claims say member.
    const owner = await b.identities.signIn(account('boss', { email: 'owner@localhost' }));
    expect(owner).toMatchObject({ kind: 'ok', made: false, ownerKept: true });
    expect(owner.kind === 'ok' && owner.person.role).toBe('owner');
  });

  it('refuses someone removed, until an admin adds their email again', async () => {
    const [a, b] = await twoReplicas(kind);
    const made = await a.identities.signIn(account('cy'));
    if (made.kind !== 'ok') throw new Error(made.kind);
    await a.people.remove(made.person.id, () => undefined);
    expect(await b.identities.signIn(account('cy'))).toEqual({ kind: 'removed' });
    const back = await personWith(a, 'viewer', 'a long password 1', 'cy@example.com');
    const relinked = await b.identities.signIn(account('cy'));
    expect(relinked).toMatchObject({ kind: 'ok', made: false, person: { id: back.id } });
  });

  it('keeps a sign-in under way once, for its time only', async () => {
    const [a, b] = await twoReplicas(kind);
    const tx = { state: 's', nonce: 'n', codeVerifier: 'v', next: '/library' };
    const token = await a.oidcTransactions.begin(tx, 60_000);
    expect(await b.oidcTransactions.take(token)).toEqual(tx);
    expect(await a.oidcTransactions.take(token)).toBeNull();
    const late = await a.oidcTransactions.begin(tx, 60_000, 1000);
    expect(await b.oidcTransactions.take(late, 61_000)).toBe('expired');
    expect(await b.oidcTransactions.take('not a token')).toBeNull();
  });
});
