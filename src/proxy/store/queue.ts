import { sql, type SqlBool } from 'kysely';
import type { StudioError } from '@/contract/studio-api';
import type { StoreDialect } from './dialect';
import type { JobChange } from './history';
import { removeJob } from './remove';
import type { Db } from './schema';

/** What a queued create sends once its turn comes, kept with it. */
export interface QueuedSend {
  /** The browser's operation name, as the upstream client takes it. */
  operation: string;
  /** The upstream body, the callback URL with its token included. */
  body: Record<string, unknown>;
  parentHandle: string | null;
}

/** The head of the queue, taken to be sent. */
export interface TakenCreate extends QueuedSend {
  handle: string;
  hookToken: string | null;
  /** The jobs that moved up behind it, announced once its send settled (`announceTaken`). */
  moved: readonly string[];
}

/** Where a queued create is moved: to a place (1 first), or just before another. */
export type QueueMove = { place: number } | { before: string };

/** A queued create's place, who made it and what the budget reserved for it. */
export interface QueuedJob {
  handle: string;
  place: number;
  createdBy: string | null;
}

const LOCK = 'studio-queue';
const QUEUED = sql<SqlBool>`create_state = 'queued'`;
/** The head while it is being sent: the queue still holds it, so order holds. */
const IN_FLIGHT = sql<SqlBool>`create_state = 'sending' AND queue_position = 0`;
/** Jobs the service is working on for this studio, or being sent to it. */
const RUNNING = sql<SqlBool>`deleted_at IS NULL AND (create_state = 'sending'
  OR (create_state IS NULL AND status NOT IN ('completed', 'failed')))`;

/**
 * The studio's create queue: creates the service cannot take yet wait here, in order,
 * as jobs not yet sent. Every change of places is made under one lock (on every replica)
 * and keeps places dense, 1 to n, so that a job's place is its column; the jobs whose
 * place alone changed are announced together (`places`), any other change job by job.
 */
export class StoredQueue {
  constructor(
    private readonly db: Db,
    private readonly d: StoreDialect,
    private readonly announce: (change: JobChange) => void,
    /** STUDIO_MAX_RUNNING: the most jobs the studio keeps in flight; null for no cap. */
    private readonly maxRunning: number | null = null,
  ) {}

  /** A job changed more than its place (sent, queued again, failed). */
  private changed(handle: string): void {
    this.announce({ type: 'job', handle });
  }

  /**
   * Announces the jobs whose place alone changed as one change. Sending the head of a
   * queue of n moves the other n - 1 up: announced job by job, draining a batch of n made
   * about n²/2 whole-job events, each a read of the job.
   */
  private moved(handles: readonly string[]): void {
    if (handles.length > 0) this.announce({ type: 'places', handles });
  }

  /** The places of those of `handles` that still wait, read now (for an announcement). */
  async places(handles: readonly string[]): Promise<{ handle: string; place: number }[]> {
    if (handles.length === 0) return [];
    const rows = await this.db
      .selectFrom('jobs')
      .select(['handle', 'queue_position'])
      .where('handle', 'in', handles)
      .where(QUEUED)
      .where('deleted_at', 'is', null)
      .orderBy('queue_position')
      .execute();
    return rows.flatMap((r) =>
      r.queue_position === null ? [] : [{ handle: r.handle, place: r.queue_position }],
    );
  }

  /** Whether the studio's cap is reached, not counting `except` (the create asking). */
  private async full(trx: Db, except = ''): Promise<boolean> {
    if (this.maxRunning === null) return false;
    const row = await trx
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(RUNNING)
      .where('handle', '<>', except)
      .executeTakeFirst();
    return Number(row?.n ?? 0) >= this.maxRunning;
  }

  private async length(trx: Db): Promise<number> {
    const row = await trx
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(QUEUED)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private async holdsCreates(trx: Db): Promise<boolean> {
    const row = await trx
      .selectFrom('jobs')
      .select('handle')
      .where((eb) => eb.or([QUEUED, IN_FLIGHT]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async setQueued(trx: Db, handle: string, place: number, send?: QueuedSend) {
    await trx
      .updateTable('jobs')
      .set({
        create_state: 'queued',
        queue_position: place,
        ...(send ? { queue_body: JSON.stringify(send) } : {}),
      })
      .where('handle', '=', handle)
      .execute();
  }

  /**
   * Inside the transaction that writes a create's intent: queues it at the end when the
   * queue already holds creates (so order holds) or the studio's cap is reached; its
   * place, or null when it may be sent now.
   */
  async enqueueIfWaiting(trx: Db, handle: string, send: QueuedSend): Promise<number | null> {
    await this.d.lock(trx, LOCK);
    if (!(await this.holdsCreates(trx)) && !(await this.full(trx, handle))) return null;
    const place = (await this.length(trx)) + 1;
    await this.setQueued(trx, handle, place, send);
    return place;
  }

  /**
   * Inside the transaction that writes a batch's intents: queues every create at the end,
   * in order, whatever the service could take now (the dispatcher sends them as slots
   * free); the place of each.
   */
  async enqueueAll(
    trx: Db,
    creates: readonly { handle: string; send: QueuedSend }[],
  ): Promise<number[]> {
    await this.d.lock(trx, LOCK);
    const first = (await this.length(trx)) + 1;
    const places: number[] = [];
    for (const [i, { handle, send }] of creates.entries()) {
      await this.setQueued(trx, handle, first + i, send);
      places.push(first + i);
    }
    return places;
  }

  /**
   * The service refused a create as busy (429): it waits again, at the end when it was
   * sent straight away, at the front when it was the queue's head. Nothing when the job
   * is no longer being sent (gone, or adopted meanwhile).
   */
  async requeue(handle: string, send: QueuedSend): Promise<boolean> {
    const moved = await this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, LOCK);
      const row = await trx
        .selectFrom('jobs')
        .select('queue_position')
        .where('handle', '=', handle)
        .where('create_state', '=', 'sending')
        .executeTakeFirst();
      if (!row) return null;
      if (row.queue_position !== 0) {
        await this.setQueued(trx, handle, (await this.length(trx)) + 1, send);
        return [];
      }
      const behind = await this.shift(trx, 1, 1);
      await this.setQueued(trx, handle, 1);
      return behind;
    });
    if (moved === null) return false;
    this.changed(handle);
    this.moved(moved);
    return true;
  }

  /** Moves the places from `from` on by `by`; the jobs that moved. */
  private async shift(trx: Db, from: number, by: number): Promise<string[]> {
    const rows = await trx
      .updateTable('jobs')
      .set({ queue_position: sql`queue_position + ${by}` })
      .where(QUEUED)
      .where('queue_position', '>=', from)
      .returning('handle')
      .execute();
    return rows.map((r) => r.handle);
  }

  /**
   * The head of the queue, marked as being sent (so that no replica sends it again and a
   * stop while it is sent makes it unknown, as any create), the others one place up; null
   * when the queue is empty or the studio's cap is reached. Nothing is announced yet (see
   * `announceTaken`; a busy head's `requeue` announces itself).
   */
  async takeHead(): Promise<TakenCreate | null> {
    const taken = await this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, LOCK);
      if (await this.full(trx)) return null;
      const head = await trx
        .selectFrom('jobs')
        .select(['handle', 'hook_token', 'queue_body'])
        .where(QUEUED)
        .orderBy('queue_position')
        .limit(1)
        .executeTakeFirst();
      if (!head?.queue_body) return null;
      await trx
        .updateTable('jobs')
        .set({ create_state: 'sending', queue_position: 0, added_ms: Date.now() })
        .where('handle', '=', head.handle)
        .execute();
      const moved = await this.shift(trx, 1, -1);
      const send = JSON.parse(head.queue_body) as QueuedSend;
      return { ...send, handle: head.handle, hookToken: head.hook_token, moved };
    });
    return taken ?? null;
  }

  /**
   * Announces a taken head whose send settled (made, refused, or its outcome unknown) and
   * the jobs that moved up behind it. Not before: a head the service refuses as busy goes
   * back to the front, and those behind it back down, and every page would show each
   * place move up and back on every retry while the service is full.
   */
  announceTaken(taken: TakenCreate): void {
    this.changed(taken.handle);
    this.moved(taken.moved);
  }

  /**
   * The service refused a queued create for good (not as busy): the job fails with the
   * service's reason, having cost nothing. False when it was no longer being sent.
   */
  async refused(handle: string, error: StudioError): Promise<boolean> {
    const now = new Date().toISOString();
    const result = await this.db
      .updateTable('jobs')
      .set({
        create_state: null,
        queue_position: null,
        queue_body: null,
        status: 'failed',
        error_json: JSON.stringify(error),
        ended_at: now,
        updated_at: now,
      })
      .where('handle', '=', handle)
      .where('create_state', '=', 'sending')
      .executeTakeFirst();
    const done = result.numUpdatedRows > 0n;
    if (done) this.changed(handle);
    return done;
  }

  /** A queued create, or null when the job is not waiting. */
  async get(handle: string, trx: Db = this.db): Promise<QueuedJob | null> {
    const row = await trx
      .selectFrom('jobs')
      .select(['handle', 'queue_position', 'created_by'])
      .where('handle', '=', handle)
      .where(QUEUED)
      .executeTakeFirst();
    if (!row || row.queue_position === null) return null;
    return { handle: row.handle, place: row.queue_position, createdBy: row.created_by };
  }

  /** How many creates wait. */
  waiting(): Promise<number> {
    return this.length(this.db);
  }

  /**
   * Moves a queued create; its new place (within 1 to the queue's length), or null when
   * it (or the job to go before) no longer waits.
   */
  async move(handle: string, to: QueueMove): Promise<number | null> {
    const result = await this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, LOCK);
      const me = await this.get(handle, trx);
      if (!me) return null;
      let place: number;
      if ('place' in to) {
        place = Math.min(to.place, await this.length(trx));
      } else {
        const other = await this.get(to.before, trx);
        if (!other) return null;
        place = other.place > me.place ? other.place - 1 : other.place;
      }
      if (place === me.place) return { place, moved: [] };
      const [lo, hi, by] = place < me.place ? [place, me.place - 1, 1] : [me.place + 1, place, -1];
      const rows = await trx
        .updateTable('jobs')
        .set({ queue_position: sql`queue_position + ${by}` })
        .where(QUEUED)
        .where('queue_position', '>=', lo)
        .where('queue_position', '<=', hi)
        .returning('handle')
        .execute();
      await this.setQueued(trx, handle, place);
      return { place, moved: [handle, ...rows.map((r) => r.handle)] };
    });
    if (result) this.moved(result.moved);
    return result?.place ?? null;
  }

  /**
   * Cancels a queued create: the job and its budget reservation go, those behind it move
   * up. False when it no longer waits (sent meanwhile).
   */
  async cancel(handle: string): Promise<boolean> {
    const moved = await this.db.transaction().execute(async (trx) => {
      await this.d.lock(trx, LOCK);
      const me = await this.get(handle, trx);
      if (!me) return null;
      await removeJob(trx, this.d, handle);
      await trx.deleteFrom('budget_charges').where('handle', '=', handle).execute();
      return this.shift(trx, me.place + 1, -1);
    });
    if (!moved) return false;
    this.announce({ type: 'removed', handle });
    this.moved(moved);
    return true;
  }

  /**
   * Takes or renews the dispatcher's lease for `replica`, unless another replica's is
   * still valid; when refused, the time the other's lapses. One studio always holds it.
   */
  async lease(
    replica: string,
    ms: number,
  ): Promise<{ held: true } | { held: false; untilMs: number }> {
    // One studio on SQLite is the only sender: a lease left by its last run is no one's.
    if (!this.d.replicas) return { held: true };
    const now = Date.now();
    await this.db
      .insertInto('queue_lease')
      .values({ name: 'dispatcher', replica, until_ms: now + ms })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({
            replica: (eb) => eb.ref('excluded.replica'),
            until_ms: (eb) => eb.ref('excluded.until_ms'),
          })
          .where((eb) =>
            eb.or([
              eb('queue_lease.replica', '=', eb.ref('excluded.replica')),
              eb('queue_lease.until_ms', '<', now),
            ]),
          ),
      )
      .execute();
    const row = await this.db
      .selectFrom('queue_lease')
      .select(['replica', 'until_ms'])
      .where('name', '=', 'dispatcher')
      .executeTakeFirst();
    if (row?.replica === replica) return { held: true };
    return { held: false, untilMs: Number(row?.until_ms ?? now) };
  }

  /** Gives the lease up, so that any replica may send next. */
  async unlease(replica: string): Promise<void> {
    await this.db.deleteFrom('queue_lease').where('replica', '=', replica).execute();
  }
}
