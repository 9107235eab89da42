import type { BackoffState, BackoffStore } from '../auth/rate-limit';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';

const parse = (row: { state: string } | undefined): BackoffState | null =>
  row === undefined ? null : (JSON.parse(row.state) as BackoffState | null);

/**
 * The sign-in backoff as one row, changed in a transaction that locks it: five failures a
 * minute pause sign-ins on every replica, whichever ones the guesses reached, and a
 * restart forgives nothing.
 */
export class StoredSignIns implements BackoffStore {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
  ) {}

  async read(): Promise<BackoffState | null> {
    return parse(
      await this.db
        .selectFrom('sign_in_backoff')
        .select('state')
        .where('id', '=', 1)
        .executeTakeFirst(),
    );
  }

  update<R>(
    change: (state: BackoffState | null) => { state: BackoffState; result: R },
  ): Promise<R> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sign_in_backoff')
        .values({ id: 1, state: 'null' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await trx
        .selectFrom('sign_in_backoff')
        .select('state')
        .where('id', '=', 1)
        .$if(this.d.rowLocks, (q) => q.forUpdate())
        .executeTakeFirst();
      const { state, result } = change(parse(row));
      await trx
        .updateTable('sign_in_backoff')
        .set({ state: JSON.stringify(state) })
        .where('id', '=', 1)
        .execute();
      return result;
    });
  }
}
