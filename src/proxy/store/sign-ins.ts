import type { BackoffState, BackoffStore, SignInStates } from '../auth/rate-limit';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';

const parse = (row: { state: string } | undefined): BackoffState | null =>
  row === undefined ? null : (JSON.parse(row.state) as BackoffState | null);

/** An account's backoff is forgotten this long after its last failure. */
const FORGET_MS = 24 * 60 * 60 * 1000;

/**
 * The sign-in backoff: the whole studio's as one row, each account's as a row by its email
 * (known or not, so a pause says nothing about whether the email is someone's), changed
 * in a transaction that locks them: failures pause sign-ins on every replica, whichever
 * ones the guesses reached, and a restart forgives nothing. Account rows idle for a day
 * are deleted as failures are written, so guesses at many emails leave few rows.
 */
export class StoredSignIns implements BackoffStore {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  update<R>(
    account: string | null,
    change: (states: SignInStates) => Promise<{ states: SignInStates<BackoffState>; result: R }>,
  ): Promise<R> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sign_in_backoff')
        .values({ id: 1, state: 'null' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const studio = await trx
        .selectFrom('sign_in_backoff')
        .select('state')
        .where('id', '=', 1)
        .$if(this.d.rowLocks, (q) => q.forUpdate())
        .executeTakeFirst();
      const kept =
        account === null
          ? undefined
          : await trx
              .selectFrom('person_sign_ins')
              .select('state')
              .where('email_key', '=', account)
              .$if(this.d.rowLocks, (q) => q.forUpdate())
              .executeTakeFirst();
      const { states, result } = await change({
        studio: parse(studio),
        account: account === null ? null : parse(kept),
      });
      await trx
        .updateTable('sign_in_backoff')
        .set({ state: JSON.stringify(states.studio) })
        .where('id', '=', 1)
        .execute();
      const text = JSON.stringify(states.account);
      if (account !== null && states.account && text !== (kept?.state ?? 'null')) {
        const now = Date.now();
        await trx
          .deleteFrom('person_sign_ins')
          .where('updated_ms', '<', now - FORGET_MS)
          .execute();
        await trx
          .insertInto('person_sign_ins')
          .values({ email_key: account, state: text, updated_ms: now })
          .onConflict((oc) => oc.column('email_key').doUpdateSet({ state: text, updated_ms: now }))
          .execute();
      }
      return result;
    });
  }
}
