import { randomBytes } from 'node:crypto';
import type { StudioEvent } from '@/contract/events';

interface Stored {
  n: number;
  text: string;
}

interface Client {
  controller: ReadableStreamDefaultController<Uint8Array>;
}

interface HubOptions {
  /** How many past events a reconnecting browser can catch up on. */
  ringSize?: number;
  heartbeatMs?: number;
  /** What EventSource waits before reconnecting after the stream drops. */
  retryMs?: number;
  maxClients?: number;
}

const encoder = new TextEncoder();
/** A browser that stopped reading: drop it rather than buffer without bound. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

const frame = (e: StudioEvent, id: string | null): string =>
  `${id === null ? '' : `id: ${id}\n`}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * Fans studio events out to every open event stream. Events get ids `<epoch>.<n>`; the
 * epoch is new each start, so a browser coming back with an id from an earlier run (or one
 * older than the buffer) is told to refetch instead of silently missing updates.
 */
export class EventHub {
  private readonly ring: Stored[] = [];
  private readonly clients = new Set<Client>();
  private readonly epoch = randomBytes(6).toString('base64url');
  private n = 0;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly greeting: () => StudioEvent[],
    private readonly opts: HubOptions = {},
  ) {
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), opts.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Sends to every open stream and keeps the event for catching up. */
  publish(event: StudioEvent): void {
    if (this.closed) return;
    this.n++;
    const text = frame(event, `${this.epoch}.${this.n}`);
    this.ring.push({ n: this.n, text });
    if (this.ring.length > (this.opts.ringSize ?? 500)) this.ring.shift();
    this.broadcast(text);
  }

  /** Sends without an id or buffering: state that a new connection gets anyway. */
  announce(event: StudioEvent): void {
    this.broadcast(frame(event, null));
  }

  /** Null when the hub is closing or full. */
  open(lastEventId: string | null): ReadableStream<Uint8Array> | null {
    if (this.closed || this.clients.size >= (this.opts.maxClients ?? 256)) return null;
    let client: Client | null = null;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          client = { controller };
          const opening = [`retry: ${this.opts.retryMs ?? 3000}\n\n`];
          for (const e of this.greeting()) opening.push(frame(e, null));
          opening.push(...this.catchUp(lastEventId));
          controller.enqueue(encoder.encode(opening.join('')));
          this.clients.add(client);
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

  private catchUp(lastEventId: string | null): string[] {
    if (lastEventId === null) return [];
    const m = /^([A-Za-z0-9_-]+)\.(\d{1,15})$/.exec(lastEventId);
    const n = m?.[1] === this.epoch ? Number(m[2]) : -1;
    const oldest = this.ring[0]?.n ?? this.n + 1;
    // Everything after `n` is still buffered (or nothing happened since).
    if (n >= 0 && n <= this.n && n >= oldest - 1) {
      return this.ring.filter((e) => e.n > n).map((e) => e.text);
    }
    const reset: StudioEvent = {
      event: 'reset',
      data: { reason: 'Some updates were missed; reload the data on screen.' },
    };
    return [frame(reset, null)];
  }

  private broadcast(text: string): void {
    const bytes = encoder.encode(text);
    for (const c of this.clients) {
      const backlog = -(c.controller.desiredSize ?? 0);
      try {
        if (backlog > MAX_BACKLOG_BYTES) throw new Error('client too slow');
        c.controller.enqueue(bytes);
      } catch {
        this.clients.delete(c);
        try {
          c.controller.close();
        } catch {
          // Already closed.
        }
      }
    }
  }
}
