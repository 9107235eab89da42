import type { StudioEvent } from '@/contract/events';
import { STUDIO_EVENTS, parseStudioEvent } from '@/contract/events';

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/**
 * The wait before reconnect number `attempt` (0-based): 1 s doubling to 30 s, then jittered
 * into its upper half so many tabs that lost one proxy do not all come back at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The part of EventSource this module uses, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  close(): void;
}

const CLOSED = 2;

export interface EventStreamOptions {
  url: string;
  onEvent: (event: StudioEvent) => void;
  /**
   * Where the first connect resumes from: the id of the last event a read the page shows
   * had seen ('' for none), so the studio replays what followed it.
   */
  from?: () => string;
  /** `reconnected` is true for every open after the first: events may have been missed. */
  onOpen: (reconnected: boolean) => void;
  onLost: () => void;
  createSource?: (url: string) => EventSourceLike;
  random?: () => number;
}

/**
 * Keeps one EventSource open until the returned function is called. The browser retries by
 * itself after a dropped connection (readyState CONNECTING, waiting the server's `retry:`);
 * when it gives up (CLOSED: a 503 or a non-stream answer) this reconnects with backoff,
 * resuming from the last event id so the proxy can replay what was missed.
 */
export function connectEventStream(options: EventStreamOptions): () => void {
  const create = options.createSource ?? ((url: string) => new EventSource(url));
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let opened = false;
  // A first connect resumes from where the page's first reads stood, if it gives one.
  let lastEventId = options.from?.() ?? '';
  let stopped = false;

  const connect = (): void => {
    const url =
      lastEventId === ''
        ? options.url
        : `${options.url}?lastEventId=${encodeURIComponent(lastEventId)}`;
    const es = create(url);
    source = es;
    es.onopen = () => {
      attempt = 0;
      options.onOpen(opened);
      opened = true;
    };
    es.onerror = () => {
      options.onLost();
      if (es.readyState !== CLOSED || stopped) return;
      es.close();
      timer = setTimeout(connect, backoffDelay(attempt++, options.random));
    };
    for (const name of Object.keys(STUDIO_EVENTS)) {
      es.addEventListener(name, (msg) => {
        if (msg.lastEventId) lastEventId = msg.lastEventId;
        const event = parseStudioEvent(name, msg.data);
        if (event) options.onEvent(event);
      });
    }
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
