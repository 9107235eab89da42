import { sql } from 'kysely';
import pg from 'pg';
import type { EventNotifier } from '../dialect';

const CHANNEL = 'studio_events';
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/**
 * Replicas hear of each other's events through LISTEN/NOTIFY: the publishing transaction
 * NOTIFYs (delivered when it commits), and each replica's one listening connection wakes
 * its reader. A listener that loses its connection connects again and wakes the reader
 * once listening, so whatever was published meanwhile is read then.
 */
export class PgNotifier implements EventNotifier {
  private listener: pg.Client | null = null;
  private wake: (() => void) | null = null;
  private attempt = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onError: (e: Error) => void,
  ) {}

  async notify(trx: Parameters<EventNotifier['notify']>[0]): Promise<void> {
    await sql`SELECT pg_notify(${CHANNEL}, '')`.execute(trx);
  }

  async listen(wake: () => void): Promise<void> {
    this.wake = wake;
    await this.connect();
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
