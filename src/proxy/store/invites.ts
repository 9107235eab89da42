import type { Selectable } from 'kysely';
import { ROLES, type Role } from '@/contract/people';
import { newSessionToken, sessionKey } from '../auth/sessions';
import { inviteStatus, type InviteRecord } from '../model/invites';
import { newPersonId, type PersonRecord } from '../model/people';
import { StudioHttpError, studioError } from '../studio-error';
import type { SchemaDb } from './dialect';
import type { StoredPeople } from './people';
import type { Db, StoreTables } from './schema';

/**
 * The table as schema version 4 made it (`migrations.ts`): a step, so never edited; a
 * later change is a step of its own.
 */
export async function invitesTable(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_ms', 'bigint')
    .addColumn('used_by', 'text')
    .addColumn('revoked_ms', 'bigint')
    .execute();
}

/** The most invites `list` answers, newest first. */
const LISTED = 200;

/** What an invite link opens when it makes no one: the same words whatever the reason. */
export const INVITE_NOT_VALID =
  'This invite link is not valid (expired, used or revoked). Ask an admin for a new one.';

/**
 * An invite link that makes no one: 404 for a token no invite has (or that is not a
 * token at all), 410 for one that was used, revoked or lapsed. Both say the same.
 */
const inviteNotValid = (known: boolean) =>
  new StudioHttpError(studioError(known ? 410 : 404, 'invite_not_valid', INVITE_NOT_VALID));

/** A new invite, as an admin asks for it. */
export interface InviteDraft {
  role: Role;
  email: string | null;
  /** The person making it. */
  createdBy: string;
  /** How long it lasts from now. */
  lifetimeMs: number;
}

/** Who takes an invite: the person it makes (with a password hashed beforehand). */
export interface InviteTaker {
  name: string;
  /** Ignored when the invite names an email: the person gets that one. */
  email: string;
  passwordHash: string;
}

/** What an invite's link leads to now: one to take, or nothing (and whether it was ever an invite). */
type Looked = { kind: 'open'; invite: InviteRecord } | { kind: 'not-valid'; known: boolean };

/**
 * Invites: one-time, expiring links that make a person of a role. Only each token's
 * SHA-256 is stored. Taking one runs in the people's turn (`StoredPeople.inTurn`, one at
 * a time on every replica) and consumes it by a conditional update in the same
 * transaction as the person is made, so two takers at once, on any replicas, make one
 * person; a taking that fails (the email is someone's) leaves the invite open. Each
 * action (make, revoke, take) is one method.
 */
export class StoredInvites {
  constructor(
    private readonly db: Db,
    private readonly people: StoredPeople,
  ) {}

  private select(db: Db) {
    return db
      .selectFrom('invites as i')
      .leftJoin('people as maker', 'maker.id', 'i.created_by')
      .leftJoin('people as taker', (j) =>
        j.onRef('taker.id', '=', 'i.used_by').on('taker.removed_ms', 'is', null),
      )
      .select([
        'i.id',
        'i.role',
        'i.email',
        'i.created_by',
        'i.created_ms',
        'i.expires_ms',
        'i.used_ms',
        'i.used_by',
        'i.revoked_ms',
        'maker.name as maker_name',
        'taker.name as taker_name',
      ]);
  }

  private static toRecord(
    r: Omit<Selectable<StoreTables['invites']>, 'token_hash'> & {
      maker_name: string | null;
      taker_name: string | null;
    },
  ): InviteRecord {
    return {
      id: r.id,
      role: ROLES.includes(r.role) ? r.role : 'viewer',
      email: r.email,
      createdBy: r.maker_name === null ? null : { id: r.created_by, name: r.maker_name },
      createdMs: Number(r.created_ms),
      expiresMs: Number(r.expires_ms),
      usedMs: r.used_ms === null ? null : Number(r.used_ms),
      usedBy:
        r.used_by === null || r.taker_name === null ? null : { id: r.used_by, name: r.taker_name },
      revokedMs: r.revoked_ms === null ? null : Number(r.revoked_ms),
    };
  }

  /** A new invite and the token its link carries, answered this once and never stored. */
  async create(
    draft: InviteDraft,
    now = Date.now(),
  ): Promise<{ invite: InviteRecord; token: string }> {
    const token = newSessionToken();
    const id = newPersonId();
    await this.db
      .insertInto('invites')
      .values({
        id,
        token_hash: sessionKey(token),
        role: draft.role,
        email: draft.email === null ? null : draft.email.trim(),
        created_by: draft.createdBy,
        created_ms: now,
        expires_ms: now + draft.lifetimeMs,
        used_ms: null,
        used_by: null,
        revoked_ms: null,
      })
      .execute();
    const invite = await this.get(id);
    if (!invite) throw new Error('the invite just made is gone');
    return { invite, token };
  }

  async get(id: string): Promise<InviteRecord | null> {
    const row = await this.select(this.db).where('i.id', '=', id).executeTakeFirst();
    return row ? StoredInvites.toRecord(row) : null;
  }

  /** The newest invites first, whatever their state. */
  async list(): Promise<InviteRecord[]> {
    const rows = await this.select(this.db)
      .orderBy('i.created_ms', 'desc')
      .orderBy('i.id')
      .limit(LISTED)
      .execute();
    return rows.map((r) => StoredInvites.toRecord(r));
  }

  /**
   * Revokes an invite not yet used (one revoked already stays so); null when there is no
   * such invite, `invite_used` (409) when it made someone. `may` sees the invite first
   * and refuses (throws) what the caller may not do.
   */
  async revoke(
    id: string,
    may: (invite: InviteRecord) => void,
    now = Date.now(),
  ): Promise<InviteRecord | null> {
    const found = await this.get(id);
    if (!found) return null;
    may(found);
    await this.db
      .updateTable('invites')
      .set({ revoked_ms: now })
      .where('id', '=', id)
      .where('used_ms', 'is', null)
      .where('revoked_ms', 'is', null)
      .execute();
    const after = await this.get(id);
    if (after?.usedMs != null) {
      throw new StudioHttpError(
        studioError(
          409,
          'invite_used',
          'This invite was already used: it made someone, and cannot be revoked.',
          'Change their role or remove them on the People page instead.',
        ),
      );
    }
    return after;
  }

  /**
   * What a link's token opens: the invite when it can be taken now. Any text is looked
   * up by its hash alike, so a malformed token costs what an unknown one does.
   */
  async look(token: string, now = Date.now()): Promise<Looked> {
    const row = await this.select(this.db)
      .where('i.token_hash', '=', sessionKey(token))
      .executeTakeFirst();
    if (!row) return { kind: 'not-valid', known: false };
    const invite = StoredInvites.toRecord(row);
    return inviteStatus(invite, now) === 'open'
      ? { kind: 'open', invite }
      : { kind: 'not-valid', known: true };
  }

  /**
   * Takes the invite of `token`: makes its person and marks it used by them, in one
   * transaction in the people's turn. Refused with `inviteNotValid` when it is not open
   * (used, revoked, lapsed or unknown), `email_taken` when the person's email is someone's.
   */
  accept(token: string, taker: InviteTaker, now = Date.now()): Promise<PersonRecord> {
    const hash = sessionKey(token);
    return this.people.inTurn(async (trx) => {
      const row = await this.select(trx).where('i.token_hash', '=', hash).executeTakeFirst();
      if (!row) throw inviteNotValid(false);
      const invite = StoredInvites.toRecord(row);
      if (inviteStatus(invite, now) !== 'open') throw inviteNotValid(true);
      const person = await this.people.insert(trx, {
        name: taker.name,
        email: invite.email ?? taker.email,
        role: invite.role,
        passwordHash: taker.passwordHash,
      });
      // Only an invite still open is taken: a replica that got here second (or a
      // database without the turn) changes no row, and its person is rolled back.
      const taken = await trx
        .updateTable('invites')
        .set({ used_ms: now, used_by: person.id })
        .where('id', '=', invite.id)
        .where('used_ms', 'is', null)
        .where('revoked_ms', 'is', null)
        .where('expires_ms', '>', now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw inviteNotValid(true);
      return person;
    });
  }
}
