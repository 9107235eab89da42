import type { StudioEvent } from '@/contract/events';
import type { SessionsEnded, SharedEvent } from '../browser-events/hub';
import type { StoreDialect } from './dialect';
import type { Db } from './schema';
import type { SharedEvents } from './shared-store';

/** Events kept for browsers that reconnect: the newest this many, none older than an hour. */
const KEEP_EVENTS = 1000;
const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 100;
/** A replay longer than this is a `reset`: the page reloads what it shows instead. */
const REPLAY_MAX = 1000;
const RETRY_MS = [100, 500, 1000, 2000, 5000];
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

/**
 * The events of every replica in one table, numbered by one sequence, so that a browser
 * that reconnects, to this replica or another, after a restart too, is replayed what it
 * missed. How an event is numbered and heard of is each database's (`d.events`: one
 * studio numbers its own and hands them over at once; replicas number them by the
 * table and LISTEN/NOTIFY); each replica's reader hands them to its hub in order.
 */
export class StoredEvents implements SharedEvents {
  private queue: Promise<unknown> = Promise.resolve();
  private published = 0;
  private last = 0;
  private reading: Promise<void> = Promise.resolve();
  private deliver: ((e: SharedEvent) => void) | null = null;
  private closed = false;
  /** Set while a `reset` waits to be published for events that could not be. */
  private missed: NodeJS.Timeout | null = null;
  private missedAttempt = 0;

  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
    private readonly onError: (e: Error) => void,
  ) {}

  /**
   * In the order called, one after another, whatever the connection pool does. An event
   * that cannot be written (the database unreachable) is lost, and a `reset` follows it
   * once the database takes events again.
   */
  publish(event: StudioEvent | SessionsEnded): Promise<void> {
    const next = this.queue.then(() => this.insert(event));
    this.queue = next.catch(() => this.resetLater());
    return next;
  }

  /** Tries to publish MISSED, again and again (backing off) until it is written. */
  private resetLater(): void {
    if (this.closed || this.missed) return;
    const wait = RETRY_MS[Math.min(this.missedAttempt++, RETRY_MS.length - 1)];
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

  private async insert(event: StudioEvent | SessionsEnded): Promise<void> {
    const data = JSON.stringify(event.data);
    await this.d.events.publish(this.db, { event: event.event, data, created_ms: Date.now() });
    if (++this.published % PRUNE_EVERY === 0) {
      await this.db
        .deleteFrom('events')
        .where((eb) =>
          eb.or([
            eb('seq', '<=', this.last - KEEP_EVENTS),
            eb('created_ms', '<', Date.now() - KEEP_MS),
          ]),
        )
        .execute();
    }
  }

  /** Starts listening; resolves with the sequence number it starts after. */
  async listen(deliver: (e: SharedEvent) => void): Promise<number> {
    this.deliver = deliver;
    this.last = await this.d.events.listen(
      await this.newest(),
      () => this.readNew(),
      (e) => this.arrived(e),
      () => this.resetLater(),
    );
    return this.last;
  }

  private async newest(): Promise<number> {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** An event the notifier carried: the next in sequence goes on at once, else a read. */
  private arrived(e: SharedEvent): void {
    this.inOrder(async () => {
      if (e.seq <= this.last) return;
      if (e.seq > this.last + 1) return this.readAll();
      this.last = e.seq;
      this.deliver?.(e);
    });
  }

  /** Reads from the last seen on. */
  private readNew(): void {
    this.inOrder(() => this.readAll());
  }

  /** One read or delivery at a time, in the order asked. */
  private inOrder(fn: () => Promise<void>): void {
    this.reading = this.reading
      .then(fn)
      .catch((e: unknown) => this.onError(e instanceof Error ? e : new Error(String(e))));
  }

  private async readAll(): Promise<void> {
    for (let more = true; more && !this.closed;) {
      const rows = await this.db
        .selectFrom('events')
        .select(['seq', 'event', 'data'])
        .where('seq', '>', this.last)
        .orderBy('seq')
        .limit(500)
        .execute();
      for (const r of rows) {
        this.last = r.seq;
        this.deliver?.(r);
      }
      more = rows.length === 500;
    }
  }

  /**
   * The events after `after`, or null when they are no longer all kept, or when `after`
   * was never numbered here (a browser's id from a database since replaced).
   */
  async replay(after: number): Promise<SharedEvent[] | null> {
    const bounds = await this.db
      .selectFrom('events')
      .select((eb) => [eb.fn.min('seq').as('oldest'), eb.fn.max('seq').as('newest')])
      .executeTakeFirst();
    const oldest = bounds?.oldest ?? null;
    if (oldest !== null && after < Number(oldest) - 1) return null;
    if (after > Number(bounds?.newest ?? 0)) return null;
    const rows = await this.db
      .selectFrom('events')
      .select(['seq', 'event', 'data'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(REPLAY_MAX + 1)
      .execute();
    return rows.length > REPLAY_MAX ? null : rows;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.missed) clearTimeout(this.missed);
    await this.queue;
    await this.reading;
    await this.d.events.close();
  }
}
