import pg from 'pg';
import type { StudioEvent } from '@/contract/events';
import { inTransaction, type PgPool } from '@/server/postgres';
import type { SharedEvent } from '@/proxy/browser-events/hub';
import type { SharedEvents } from '../shared-store';
import { first, run } from './sql';

const CHANNEL = 'studio_events';
/** Events kept for browsers that reconnect: the newest this many, none older than an hour. */
const KEEP_EVENTS = 1000;
const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 100;
/** A replay longer than this is a `reset`: the page reloads what it shows instead. */
const REPLAY_MAX = 1000;
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];
/**
 * Said to every browser once the database takes events again after some could not be
 * written: they are lost, so each page reloads what it shows.
 */
const MISSED: StudioEvent = {
  event: 'reset',
  data: {
    reason:
      'Some updates could not be sent while the database was unreachable; reload the data on screen.',
  },
};

interface EventRow {
  seq: number;
  event: string;
  data: string;
}

/**
 * The events of every replica in one table, numbered by one sequence. A publish takes a
 * transaction lock, so events commit in sequence order and a reader that has seen `seq`
 * never finds a smaller one later; it then NOTIFYs, and each replica's one listening
 * connection reads what is new since its last and hands it to its hub. A listener that
 * loses its connection connects again and reads from where it stopped, so nothing is
 * skipped; a browser that reconnects to any replica is replayed from the table.
 */
export class PgEvents implements SharedEvents {
  private queue: Promise<unknown> = Promise.resolve();
  private published = 0;
  private listener: pg.Client | null = null;
  private last = 0;
  private reading: Promise<void> = Promise.resolve();
  private deliver: ((e: SharedEvent) => void) | null = null;
  private closed = false;
  private attempt = 0;
  /** Set while a `reset` waits to be published for events that could not be. */
  private missed: NodeJS.Timeout | null = null;
  private missedAttempt = 0;

  constructor(
    private readonly pool: PgPool,
    private readonly url: string,
    private readonly onError: (e: Error) => void,
  ) {}

  /**
   * In the order called, one after another, whatever the connection pool does. An event
   * that cannot be written (the database unreachable) is lost, and a `reset` follows it
   * once the database takes events again.
   */
  publish(event: StudioEvent): Promise<void> {
    const next = this.queue.then(() => this.insert(event));
    this.queue = next.catch(() => this.resetLater());
    return next;
  }

  /** Tries to publish MISSED, again and again (backing off) until it is written. */
  private resetLater(): void {
    if (this.closed || this.missed) return;
    const wait = RECONNECT_MS[Math.min(this.missedAttempt++, RECONNECT_MS.length - 1)];
    this.missed = setTimeout(() => {
      if (this.closed) return;
      this.queue = this.queue
        .then(() => this.insert(MISSED))
        .then(
          () => {
            this.missed = null;
            this.missedAttempt = 0;
          },
          () => {
            this.missed = null;
            this.resetLater();
          },
        );
    }, wait);
    this.missed.unref();
  }

  private async insert(event: StudioEvent): Promise<void> {
    const seq = await inTransaction(this.pool, async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('studio-events'))");
      const row = await first(
        c,
        `INSERT INTO events (event, data, created_ms) VALUES (@event, @data, @now) RETURNING seq`,
        { event: event.event, data: JSON.stringify(event.data), now: Date.now() },
      );
      const seq = (row as { seq: number }).seq;
      await c.query('SELECT pg_notify($1, $2)', [CHANNEL, String(seq)]);
      return seq;
    });
    if (++this.published % PRUNE_EVERY === 0) {
      await run(this.pool, 'DELETE FROM events WHERE seq <= @seq OR created_ms < @before', {
        seq: seq - KEEP_EVENTS,
        before: Date.now() - KEEP_MS,
      });
    }
  }

  /** Starts listening; resolves with the sequence number it starts after. */
  async listen(deliver: (e: SharedEvent) => void): Promise<number> {
    this.deliver = deliver;
    const row = await first(this.pool, 'SELECT COALESCE(MAX(seq), 0) AS seq FROM events');
    this.last = (row as { seq: number }).seq;
    await this.connect();
    return this.last;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    client.on('notification', () => this.readNew());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.attempt = 0;
    // What was published while it was not listening.
    this.readNew();
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

  /** Reads from the last seen on, one read at a time. */
  private readNew(): void {
    this.reading = this.reading
      .then(async () => {
        for (let more = true; more && !this.closed;) {
          const { rows } = await run(
            this.pool,
            'SELECT seq, event, data FROM events WHERE seq > @last ORDER BY seq LIMIT 500',
            { last: this.last },
          );
          for (const r of rows as EventRow[]) {
            this.last = r.seq;
            this.deliver?.(r);
          }
          more = rows.length === 500;
        }
      })
      .catch((e: unknown) => this.onError(e instanceof Error ? e : new Error(String(e))));
  }

  async replay(after: number): Promise<SharedEvent[] | null> {
    const oldest = await first(this.pool, 'SELECT MIN(seq) AS seq FROM events');
    const min = (oldest as { seq: number | null }).seq;
    if (min !== null && after < min - 1) return null;
    const { rows } = await run(
      this.pool,
      'SELECT seq, event, data FROM events WHERE seq > @after ORDER BY seq LIMIT @limit',
      { after, limit: REPLAY_MAX + 1 },
    );
    return rows.length > REPLAY_MAX ? null : (rows as EventRow[]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.missed) clearTimeout(this.missed);
    await this.queue;
    await this.reading;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }
}
