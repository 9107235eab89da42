import type { Selectable } from 'kysely';
import { ROLES, type Role } from '@/contract/people';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { ProxyConfig } from '../config';
import type { Logger } from '../log';
import { emailKey, newPersonId, type Caller, type PersonRecord } from '../model/people';
import { StudioHttpError, studioError } from '../studio-error';
import type { StoreDialect } from './dialect';
import type { Db, StoreTables } from './schema';

type PersonRow = Selectable<StoreTables['people']>;

const PERSON_COLUMNS = ['id', 'name', 'email', 'role', 'password_hash', 'created_ms'] as const;

export const toRecord = (r: Pick<PersonRow, (typeof PERSON_COLUMNS)[number]>): PersonRecord => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: ROLES.includes(r.role) ? r.role : 'viewer',
  passwordHash: r.password_hash,
  createdMs: r.created_ms,
});

/** A change that would leave the studio without an owner. */
const lastOwner = () =>
  new StudioHttpError(
    studioError(
      409,
      'last_owner',
      'This is the last owner of the studio, and a studio always has at least one owner.',
      'Make someone else an owner first.',
    ),
  );

const emailTaken = () =>
  new StudioHttpError(
    studioError(409, 'email_taken', 'email: someone in this studio already has that email.'),
  );

/** A new person, as the admin API or the first start makes them. */
export interface PersonDraft {
  name: string;
  email: string;
  role: Role;
  passwordHash: string | null;
}

/**
 * The studio's people. Every change to who is what runs in a transaction that takes the
 * same turn on every replica (`studio-people`), so two admins acting at once cannot
 * leave the studio without an owner. Removing someone or changing their role deletes
 * their sessions in that transaction: a session is checked against the store at every
 * request, so the next request on any replica finds it gone.
 */
export class StoredPeople {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  /** The people not removed (for the store's own modules, as the queries below). */
  select(db: Db) {
    return db.selectFrom('people').select(PERSON_COLUMNS).where('removed_ms', 'is', null);
  }

  /** Everyone not removed, oldest first. */
  async list(): Promise<PersonRecord[]> {
    return (await this.select(this.db).orderBy('created_ms').orderBy('id').execute()).map(toRecord);
  }

  /**
   * The names of the people with these ids, removed ones included: a job keeps its
   * maker's name after they leave.
   */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('people')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async get(id: string): Promise<PersonRecord | null> {
    const row = await this.select(this.db).where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** The person with this email, whatever its case. */
  async byEmail(email: string): Promise<PersonRecord | null> {
    const row = await this.select(this.db)
      .where('email_key', '=', emailKey(email))
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** The people who can sign in with a password, up to `limit`. */
  async withPassword(limit: number): Promise<PersonRecord[]> {
    const rows = await this.select(this.db)
      .where('password_hash', 'is not', null)
      .orderBy('created_ms')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /**
   * Runs `fn` in a transaction that takes the people's turn on every replica: what
   * changes who is what (here, and an invite taken in `invites.ts`) goes through it.
   */
  inTurn<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, 'studio-people');
      return fn(trx);
    });
  }

  /** A new person, in a transaction `inTurn` began; `email_taken` (409) when taken. */
  async insert(trx: Db, draft: PersonDraft): Promise<PersonRecord> {
    const taken = await this.select(trx)
      .where('email_key', '=', emailKey(draft.email))
      .executeTakeFirst();
    if (taken) throw emailTaken();
    const rec: PersonRecord = {
      id: newPersonId(),
      name: draft.name,
      email: draft.email.trim(),
      role: draft.role,
      passwordHash: draft.passwordHash,
      createdMs: Date.now(),
    };
    await trx
      .insertInto('people')
      .values({
        id: rec.id,
        name: rec.name,
        email: rec.email,
        email_key: emailKey(rec.email),
        role: rec.role,
        password_hash: rec.passwordHash,
        created_ms: rec.createdMs,
        removed_ms: null,
      })
      .execute();
    return rec;
  }

  /** A new person; `email_taken` (409) when someone not removed has that email. */
  create(draft: PersonDraft): Promise<PersonRecord> {
    return this.inTurn((trx) => this.insert(trx, draft));
  }

  /**
   * The owner the studio opens as on loopback without a password, made on the first
   * start: the owner with `draft.email`, else the oldest owner, else a new one. A new
   * owner is given the jobs, uploads and sessions from before the studio knew people (a
   * session then was made with the one password, which becomes the owner's).
   */
  ensureOwner(draft: Omit<PersonDraft, 'role'>): Promise<{ owner: PersonRecord; made: boolean }> {
    return this.inTurn(async (trx) => {
      const owners = await this.select(trx)
        .where('role', '=', 'owner')
        .orderBy('created_ms')
        .execute();
      const found =
        owners.find((o) => emailKey(o.email) === emailKey(draft.email)) ?? owners[0] ?? null;
      if (found) return { owner: toRecord(found), made: false };
      const owner = await this.insert(trx, { ...draft, role: 'owner' });
      await trx
        .updateTable('jobs')
        .set({ created_by: owner.id })
        .where('created_by', 'is', null)
        .execute();
      await trx
        .updateTable('uploads')
        .set({ created_by: owner.id })
        .where('created_by', 'is', null)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ person_id: owner.id })
        .where('person_id', 'is', null)
        .execute();
      return { owner, made: true };
    });
  }

  /** Replaces a person's password hash. */
  async setPassword(id: string, hash: string): Promise<void> {
    await this.db.updateTable('people').set({ password_hash: hash }).where('id', '=', id).execute();
  }

  /**
   * Changes a person's role and ends their sessions; null when there is no such person.
   * `may` sees the person as they are and refuses (throws) what the caller may not do.
   */
  setRole(
    id: string,
    role: Role,
    may: (target: PersonRecord) => void,
  ): Promise<PersonRecord | null> {
    return this.inTurn(async (trx) => {
      const row = await this.select(trx).where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const target = toRecord(row);
      may(target);
      if (target.role === role) return target;
      if (target.role === 'owner') await this.keepAnOwner(trx);
      await trx.updateTable('people').set({ role }).where('id', '=', id).execute();
      await trx.deleteFrom('sessions').where('person_id', '=', id).execute();
      return { ...target, role };
    });
  }

  /** Removes a person and ends their sessions; false when there is no such person. */
  remove(id: string, may: (target: PersonRecord) => void): Promise<boolean> {
    return this.inTurn(async (trx) => {
      const row = await this.select(trx).where('id', '=', id).executeTakeFirst();
      if (!row) return false;
      const target = toRecord(row);
      may(target);
      if (target.role === 'owner') await this.keepAnOwner(trx);
      await trx
        .updateTable('people')
        .set({ removed_ms: Date.now() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('sessions').where('person_id', '=', id).execute();
      return true;
    });
  }

  /** Refuses a change that takes away an owner when there is only one. */
  private async keepAnOwner(trx: Db): Promise<void> {
    const owners = await this.select(trx).where('role', '=', 'owner').limit(2).execute();
    if (owners.length < 2) throw lastOwner();
  }
}

/**
 * The owner the studio opens as without a sign-in, made on the first start: named by
 * STUDIO_OWNER_EMAIL, with STUDIO_PASSWORD as their password when it is set. The password
 * stays the setting's: a start with another STUDIO_PASSWORD gives the owner that one.
 */
export async function localOwner(
  people: StoredPeople,
  config: Pick<ProxyConfig, 'ownerEmail' | 'studioPassword'>,
  log: Logger,
): Promise<Caller> {
  const password = config.studioPassword;
  const { owner, made } = await people.ensureOwner({
    name: 'Owner',
    email: config.ownerEmail,
    passwordHash: null,
  });
  if (made) log.info('the owner was made', { person: owner.id });
  if (password !== undefined) {
    const hash = owner.passwordHash;
    if (hash === null || !(await verifyPassword(password, hash))) {
      await people.setPassword(owner.id, await hashPassword(password));
      log.info("the owner's password is STUDIO_PASSWORD", { person: owner.id });
    }
  }
  return { id: owner.id, name: owner.name, email: owner.email, role: owner.role };
}
