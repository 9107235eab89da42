import type { Role } from '@/contract/people';
import type { ProviderAccount } from '../model/oidc';
import { emailKey, type PersonRecord } from '../model/people';
import { StudioHttpError } from '../studio-error';
import { toRecord, type StoredPeople } from './people';
import type { Db } from './schema';

/** Who an account signs in as, or why no one. */
export type IdentityOutcome =
  | {
      kind: 'ok';
      person: PersonRecord;
      /** Made by this sign-in. */
      made: boolean;
      /** The claims gave another role, but this is the studio's last owner. */
      ownerKept: boolean;
      /** The claims changed the person's role, which ended their other sessions. */
      roleChanged: boolean;
    }
  /** The person the account signs in as was removed, and no one with its email is back. */
  | { kind: 'removed' }
  /** No one to sign in as, and none can be made: the provider gave no email. */
  | { kind: 'no_email' }
  /** No one to sign in as, and someone not linked to this account has its email. */
  | { kind: 'email_taken' };

/**
 * People's accounts at OpenID Connect providers. A sign-in is decided in one transaction
 * in the people's turn (as every change of who is what), on any replica:
 *
 * 1. the person linked to this issuer and subject, unless they were removed;
 * 2. else a person not removed with the account's email, when the provider verified it,
 *    and who is not linked to another account at this issuer: the account is linked to them;
 * 3. else, unless a removed person was linked, a new person with the account's email;
 *
 * then their role becomes the claims' (with their sessions ended, as any role change),
 * except that the last owner stays an owner.
 */
export class StoredIdentities {
  constructor(private readonly people: StoredPeople) {}

  signIn(account: ProviderAccount): Promise<IdentityOutcome> {
    return this.people.inTurn(async (trx) => {
      const linked = await trx
        .selectFrom('person_identities')
        .innerJoin('people', 'people.id', 'person_identities.person_id')
        .select(['people.id', 'people.removed_ms'])
        .where('person_identities.issuer', '=', account.issuer)
        .where('person_identities.subject', '=', account.subject)
        .executeTakeFirst();
      let person: PersonRecord | null;
      if (linked && linked.removed_ms === null) {
        person = await this.person(trx, linked.id);
      } else {
        person = await this.byVerifiedEmail(trx, account);
        if (person) await this.link(trx, account, person.id, linked !== undefined);
      }
      let made = false;
      if (!person) {
        if (linked) return { kind: 'removed' };
        if (account.email === null) return { kind: 'no_email' };
        try {
          person = await this.people.insert(trx, {
            name: account.name,
            email: account.email,
            role: account.role,
            passwordHash: null,
          });
        } catch (e) {
          if (e instanceof StudioHttpError && e.error.code === 'email_taken') {
            return { kind: 'email_taken' };
          }
          throw e;
        }
        made = true;
        await this.link(trx, account, person.id, false);
      }
      const given = made ? 'same' : await this.giveRole(trx, person, account.role);
      const role = given === 'owner kept' ? person.role : account.role;
      return {
        kind: 'ok',
        person: { ...person, role },
        made,
        ownerKept: given === 'owner kept',
        roleChanged: given === 'changed',
      };
    });
  }

  private async person(trx: Db, id: string): Promise<PersonRecord | null> {
    const row = await this.people.select(trx).where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** A person not removed with the account's verified email, not linked at its issuer. */
  private async byVerifiedEmail(trx: Db, account: ProviderAccount): Promise<PersonRecord | null> {
    if (account.email === null || !account.emailVerified) return null;
    const row = await this.people
      .select(trx)
      .where('email_key', '=', emailKey(account.email))
      .executeTakeFirst();
    if (!row) return null;
    const other = await trx
      .selectFrom('person_identities')
      .select('subject')
      .where('person_id', '=', row.id)
      .where('issuer', '=', account.issuer)
      .executeTakeFirst();
    return other ? null : toRecord(row);
  }

  private async link(trx: Db, account: ProviderAccount, personId: string, relink: boolean) {
    const key = { issuer: account.issuer, subject: account.subject };
    if (relink) {
      await trx
        .updateTable('person_identities')
        .set({ person_id: personId })
        .where('issuer', '=', key.issuer)
        .where('subject', '=', key.subject)
        .execute();
    } else {
      await trx
        .insertInto('person_identities')
        .values({ ...key, person_id: personId, created_ms: Date.now() })
        .execute();
    }
  }

  /** Sets the claims' role, ending the person's sessions, unless it is theirs or they are the last owner. */
  private async giveRole(
    trx: Db,
    person: PersonRecord,
    role: Role,
  ): Promise<'same' | 'changed' | 'owner kept'> {
    if (person.role === role) return 'same';
    if (person.role === 'owner') {
      const owners = await this.people.select(trx).where('role', '=', 'owner').limit(2).execute();
      if (owners.length < 2) return 'owner kept';
    }
    await trx.updateTable('people').set({ role }).where('id', '=', person.id).execute();
    await trx.deleteFrom('sessions').where('person_id', '=', person.id).execute();
    return 'changed';
  }
}
