import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioEvent } from '@/contract/events';
import type { EventSourceLike } from './event-stream';
import { backoffDelay, connectEventStream } from './event-stream';
import { makeJob } from '../testing/fixtures';

describe('backoffDelay', () => {
  it('doubles from 1 s to a 30 s ceiling', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, top))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('jitters within the upper half of each step', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(9, () => 0)).toBe(15000);
  });
});

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, (ev: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: string, lastEventId = ''): void {
    this.listeners.get(type)?.(new MessageEvent(type, { data, lastEventId }));
  }
  fail(readyState: number): void {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

afterEach(() => vi.useRealTimers());

function setup(from?: () => string) {
  const sources: FakeSource[] = [];
  const events: StudioEvent[] = [];
  const opens: boolean[] = [];
  const onLost = vi.fn();
  const close = connectEventStream({
    url: '/studio-api/events',
    ...(from ? { from } : {}),
    onEvent: (e) => events.push(e),
    onOpen: (r) => opens.push(r),
    onLost,
    random: () => 1,
    createSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
  });
  const at = (i: number): FakeSource => {
    const s = sources[i];
    if (!s) throw new Error(`no source ${i}`);
    return s;
  };
  return { sources, at, events, opens, onLost, close };
}

describe('connectEventStream', () => {
  it('passes parsed events on and drops malformed or unknown ones', () => {
    const { at, events } = setup();
    at(0).open();
    const job = makeJob();
    at(0).emit('job', JSON.stringify({ job }), '7');
    at(0).emit('job', '{not json');
    at(0).emit('job', JSON.stringify({ job: { id: 'x' } }));
    at(0).emit('job-removed', JSON.stringify({ id: job.id }));
    expect(events).toEqual([
      { event: 'job', data: { job } },
      { event: 'job-removed', data: { id: job.id } },
    ]);
  });

  it('leaves a dropped connection to the browser, and reconnects itself with backoff when it is closed', () => {
    vi.useFakeTimers();
    const { sources, at, opens, onLost, close } = setup();
    at(0).open();
    at(0).emit('reset', JSON.stringify({ reason: 'x' }), '12');
    at(0).fail(0); // CONNECTING: EventSource retries by itself.
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);

    at(0).fail(2);
    expect(at(0).closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(at(1).url).toBe('/studio-api/events?lastEventId=12');

    at(1).fail(2);
    vi.advanceTimersByTime(1999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    at(2).open();
    expect(opens).toEqual([false, true]);

    close();
    expect(at(2).closed).toBe(true);
  });

  it('resumes its first connect from where the page’s reads stood, later ones from the last event', () => {
    vi.useFakeTimers();
    const { at, sources } = setup(() => '41');
    expect(at(0).url).toBe('/studio-api/events?lastEventId=41');
    at(0).open();
    at(0).emit('job-removed', JSON.stringify({ id: 'gone00000001' }), '44');
    at(0).fail(2);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(2);
    expect(at(1).url).toBe('/studio-api/events?lastEventId=44');
  });

  it('does not reconnect after it was closed', () => {
    vi.useFakeTimers();
    const { sources, at, close } = setup();
    close();
    at(0).fail(2);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });
});
