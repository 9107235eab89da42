import type { SharedEvent } from '@/proxy/browser-events/hub';
import type { EventChannel, NewEvent } from '../dialect';
import type { Db } from '../schema';

/**
 * Numbers a restart skips: above any the last run gave out and had not stored yet (they
 * are stored at the next turn of the event loop), so a browser that saw one is told to
 * reload rather than take a new event for the one it saw.
 */
const RESTART_GAP = 1000;

/**
 * One studio on SQLite is the only publisher, so it numbers its events itself, after the
 * newest stored: each is handed to the listener at once and stored behind it, the events
 * of one turn of the event loop in one statement. A write to the file, the commit above
 * all, costs more than the rest of an event's way to the browser, and a create makes
 * three events.
 */
export class LocalEvents implements EventChannel {
  private next: number | null = null;
  private unwritten: (NewEvent & { seq: number })[] = [];
  private writing: Promise<void> = Promise.resolve();
  private arrived: ((event: SharedEvent) => void) | null = null;
  private lost: () => void = () => undefined;

  constructor(private readonly onError: (e: Error) => void) {}

  async publish(db: Db, event: NewEvent): Promise<void> {
    this.next ??= await this.newest(db);
    const seq = ++this.next;
    this.arrived?.({ seq, event: event.event, data: event.data });
    this.unwritten.push({ seq, ...event });
    if (this.unwritten.length === 1) {
      this.writing = this.writing
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => this.write(db));
    }
  }

  private async newest(db: Db): Promise<number> {
    const row = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0) + RESTART_GAP;
  }

  /** Stores what was published since the last write; events it cannot store are lost. */
  private async write(db: Db): Promise<void> {
    const rows = this.unwritten.splice(0);
    try {
      await db.insertInto('events').values(rows).execute();
    } catch (e) {
      this.onError(e instanceof Error ? e : new Error(String(e)));
      this.lost();
    }
  }

  listen(
    newest: number,
    _wake: () => void,
    arrived: (event: SharedEvent) => void,
    lost: () => void,
  ): Promise<number> {
    this.next ??= newest + RESTART_GAP;
    this.arrived = arrived;
    this.lost = lost;
    return Promise.resolve(this.next);
  }

  async close(): Promise<void> {
    this.arrived = null;
    await this.writing;
  }
}
