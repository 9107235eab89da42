import { sql } from 'kysely';
import pg from 'pg';
import type { EventChannel, NewEvent, StoreDialect } from '../dialect';
import { reused } from '../reused';
import type { Db } from '../schema';

const CHANNEL = 'studio_events';
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

const INSERT_EVENT = reused(['event', 'data', 'created_ms'], (db, _d, v: NewEvent) =>
  db.insertInto('events').values(v),
);

/**
 * Replicas number their events by the table's identity and hear of each other's through
 * LISTEN/NOTIFY. A publish takes a lock every replica takes, so events commit in sequence
 * order and a reader that has seen `seq` never finds a smaller one later; the transaction
 * NOTIFYs (delivered when it commits), and each replica's one listening connection wakes
 * its reader, which reads the table. A listener that loses its connection connects again
 * and wakes the reader once listening, so whatever was published meanwhile is read then.
 */
export class PgEvents implements EventChannel {
  private listener: pg.Client | null = null;
  private wake: (() => void) | null = null;
  private attempt = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly d: () => StoreDialect,
    private readonly onError: (e: Error) => void,
  ) {}

  async publish(db: Db, event: NewEvent): Promise<void> {
    const d = this.d();
    await d.inTurn(db, 'studio-events', async (trx) => {
      await INSERT_EVENT(trx, d, event);
      await sql`SELECT pg_notify(${CHANNEL}, '')`.execute(trx);
    });
  }

  async listen(newest: number, wake: () => void): Promise<number> {
    this.wake = wake;
    await this.connect();
    return newest;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    client.on('notification', () => this.wake?.());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.attempt = 0;
    // What was published while it was not listening.
    this.wake?.();
  }

  private lost(client: pg.Client, e: Error): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    this.onError(e);
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    const wait = RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)];
    setTimeout(() => {
      if (this.closed) return;
      this.connect().catch((e: unknown) => {
        this.onError(e instanceof Error ? e : new Error(String(e)));
        this.retry();
      });
    }, wait).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }
}
