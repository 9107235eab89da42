import { inTransaction, type PgPool } from '@/server/postgres';
import type { BackoffState, BackoffStore } from '@/proxy/auth/rate-limit';
import { first, run } from './sql';

const parse = (row: unknown): BackoffState | null =>
  row === undefined ? null : (JSON.parse((row as { state: string }).state) as BackoffState);

/**
 * The sign-in backoff of every replica as one row, changed under a row lock: five failures
 * a minute pause sign-ins on every replica, whichever ones the guesses reached.
 */
export class PgSignIns implements BackoffStore {
  constructor(private readonly pool: PgPool) {}

  async read(): Promise<BackoffState | null> {
    return parse(await first(this.pool, 'SELECT state FROM sign_in_backoff WHERE id = 1'));
  }

  update<R>(
    change: (state: BackoffState | null) => { state: BackoffState; result: R },
  ): Promise<R> {
    return inTransaction(this.pool, async (c) => {
      await run(
        c,
        `INSERT INTO sign_in_backoff (id, state) VALUES (1, 'null') ON CONFLICT DO NOTHING`,
      );
      const row = await first(c, 'SELECT state FROM sign_in_backoff WHERE id = 1 FOR UPDATE');
      const { state, result } = change(parse(row));
      await run(c, 'UPDATE sign_in_backoff SET state = @state WHERE id = 1', {
        state: JSON.stringify(state),
      });
      return result;
    });
  }
}
