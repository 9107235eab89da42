import type { StudioEvent } from '@/contract/events';
import { SESSIONS_ENDED_TEXT } from '../model/people';

interface Stored {
  n: number;
  text: string;
}

interface Client {
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** The person the stream is for: their streams end when their sessions do. */
  person: string | null;
  /** Shared events: the sequence number last sent, so nothing goes twice. */
  after: number;
  /** Shared events arriving while the stream catches up from the database. */
  waiting: SharedEvent[] | null;
}

/** An event from the deployment's one sequence (see `SharedEvents`). */
export interface SharedEvent {
  seq: number;
  event: string;
  data: string;
}

/**
 * Between replicas only, never sent to a browser as such: these people's sessions ended
 * (removed, or their role changed), so each replica ends their open event streams, with a
 * `signed-out` event that takes the page to the sign-in page at once.
 */
export interface SessionsEnded {
  event: 'sessions-ended';
  data: { people: string[] };
}
const SESSIONS_ENDED: SessionsEnded['event'] = 'sessions-ended';

/** Whether a browser may see a shared event: every one but the replicas' own. */
const forBrowsers = (e: SharedEvent): boolean => e.event !== SESSIONS_ENDED;

const SIGNED_OUT: StudioEvent = { event: 'signed-out', data: { reason: SESSIONS_ENDED_TEXT } };

interface HubOptions {
  /** How many past events a reconnecting browser can catch up on. */
  ringSize?: number;
  heartbeatMs?: number;
  /** What EventSource waits before reconnecting after the stream drops. */
  retryMs?: number;
  maxClients?: number;
}

/**
 * The store's events after `after`; null when they are no longer all kept there, or
 * `after` was never numbered there (the browser knew another database).
 */
type Replay = (after: number) => Promise<SharedEvent[] | null>;

const encoder = new TextEncoder();
/** A browser that stopped reading: drop it rather than buffer without bound. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

const rawFrame = (event: string, data: string, id: string | null): string =>
  `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
const frame = (e: StudioEvent, id: string | null): string =>
  rawFrame(e.event, JSON.stringify(e.data), id);
const sharedFrame = (e: SharedEvent) => rawFrame(e.event, e.data, String(e.seq));
const RESET: StudioEvent = {
  event: 'reset',
  data: { reason: 'Some updates were missed; reload the data on screen.' },
};

/**
 * Fans studio events out to every open event stream. Events are numbered by the store's
 * one sequence (`SharedEvents`), the same on every replica and across restarts, and are
 * the ids browsers see: a browser coming back, to this replica or another, is sent what
 * it missed, from this replica's buffer or the store; one whose id the store no longer
 * covers (or never numbered) is told to refetch instead of silently missing updates.
 */
export class EventHub {
  private readonly ring: Stored[] = [];
  private readonly clients = new Set<Client>();
  private n = 0;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly greeting: () => StudioEvent[],
    private readonly replay: Replay,
    private readonly opts: HubOptions = {},
  ) {
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), opts.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * The id of the last event this replica delivered. A read that notes it first and a
   * stream opened after it (`lastEventId`) miss nothing between them: every change the
   * read did not see comes after it.
   */
  get position(): string {
    return String(this.n);
  }

  /** Shared events: the sequence stood at `seq` when this replica began to listen. */
  listeningFrom(seq: number): void {
    this.n = Math.max(this.n, seq);
  }

  /** A shared event, in sequence order (an event already seen is ignored). */
  deliver(e: SharedEvent): void {
    if (this.closed || e.seq <= this.n) return;
    this.n = e.seq;
    if (!forBrowsers(e)) {
      this.endSessions(e);
      return;
    }
    const text = sharedFrame(e);
    this.ring.push({ n: e.seq, text });
    if (this.ring.length > (this.opts.ringSize ?? 500)) this.ring.shift();
    const bytes = encoder.encode(text);
    for (const c of this.clients) {
      if (c.waiting) c.waiting.push(e);
      else if (e.seq > c.after && this.send(c, bytes)) c.after = e.seq;
    }
  }

  /** Sends without an id or buffering: state that a new connection gets anyway. */
  announce(event: StudioEvent): void {
    this.broadcast(frame(event, null));
  }

  /** Ends the streams of the people whose sessions ended, telling each page why. */
  private endSessions(e: SharedEvent): void {
    let people: unknown;
    try {
      people = (JSON.parse(e.data) as Partial<SessionsEnded['data']>).people;
    } catch {
      return;
    }
    if (!Array.isArray(people)) return;
    const ended = new Set(people);
    const bytes = encoder.encode(frame(SIGNED_OUT, null));
    for (const c of this.clients) {
      if (c.person === null || !ended.has(c.person)) continue;
      this.send(c, bytes);
      this.drop(c);
    }
  }

  /**
   * Null when the hub is closing or full. `person` is whose stream it is (null: the local
   * owner of a studio without sign-in, whose session never ends).
   */
  open(
    lastEventId: string | null,
    person: string | null = null,
  ): ReadableStream<Uint8Array> | null {
    if (this.closed || this.clients.size >= (this.opts.maxClients ?? 256)) return null;
    let client: Client | null = null;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          const c: Client = { controller, person, after: -1, waiting: null };
          client = c;
          const opening = [`retry: ${this.opts.retryMs ?? 3000}\n\n`];
          for (const e of this.greeting()) opening.push(frame(e, null));
          opening.push(...this.catchUp(c, lastEventId));
          controller.enqueue(encoder.encode(opening.join('')));
          this.clients.add(c);
        },
        cancel: () => {
          if (client) this.clients.delete(client);
        },
      },
      // Counted in bytes, so `desiredSize` tells how far behind a browser is.
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
    );
  }

  /** Ends every stream cleanly (shutdown); EventSource reconnects to the next process. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const c of this.clients) {
      try {
        c.controller.close();
      } catch {
        // Already closed by the browser going away.
      }
    }
    this.clients.clear();
  }

  /**
   * From this replica's buffer when it reaches back far enough; else the stream waits for
   * the database's replay, holding what arrives meanwhile, and sends it after.
   */
  private catchUp(c: Client, lastEventId: string | null): string[] {
    const m = lastEventId === null ? null : /^(\d{1,15})$/.exec(lastEventId);
    if (!m) return lastEventId === null ? [] : [frame(RESET, null)];
    const n = Number(m[1]);
    c.after = n;
    const oldest = this.ring[0]?.n ?? Number.POSITIVE_INFINITY;
    // Up to date: what comes next arrives live, in order.
    if (n === this.n) return [];
    // Within this replica's buffer.
    if (n < this.n && n >= oldest - 1) {
      c.after = this.n;
      return this.ring.filter((e) => e.n > n).map((e) => e.text);
    }
    // Older than the buffer, or beyond this replica's last (it lags, or the id is another
    // database's): the store says what followed, or that it cannot.
    c.waiting = [];
    void this.replayFor(c, n);
    return [];
  }

  private async replayFor(c: Client, n: number): Promise<void> {
    const rows = await this.replay(n).catch(() => null);
    const held = c.waiting ?? [];
    c.waiting = null;
    const texts: string[] = [];
    if (rows) {
      const add = (seq: number, text: string) => {
        if (seq <= c.after) return;
        c.after = seq;
        texts.push(text);
      };
      for (const e of rows) if (forBrowsers(e)) add(e.seq, sharedFrame(e));
      // What this replica had delivered before the store had it (one studio stores its
      // events behind them), then what arrived during the replay.
      for (const e of this.ring) add(e.n, e.text);
      for (const e of held) add(e.seq, sharedFrame(e));
    } else {
      texts.push(frame(RESET, null));
      for (const e of held) texts.push(sharedFrame(e));
      c.after = held.at(-1)?.seq ?? this.n;
    }
    if (texts.length > 0 && this.clients.has(c)) this.send(c, encoder.encode(texts.join('')));
  }

  private broadcast(text: string): void {
    const bytes = encoder.encode(text);
    for (const c of this.clients) this.send(c, bytes);
  }

  /** False when the browser was dropped (gone, or too far behind). */
  private send(c: Client, bytes: Uint8Array): boolean {
    const backlog = -(c.controller.desiredSize ?? 0);
    try {
      if (backlog > MAX_BACKLOG_BYTES) throw new Error('client too slow');
      c.controller.enqueue(bytes);
      return true;
    } catch {
      this.drop(c);
      return false;
    }
  }

  private drop(c: Client): void {
    this.clients.delete(c);
    try {
      c.controller.close();
    } catch {
      // Already closed.
    }
  }
}
