import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioEvent } from '@/contract/events';
import type { Job } from '@/contract/studio-api';
import { ProgressGate } from './progress-gate';

const job = (over: Partial<Job>): Job => ({
  id: 'handle-a',
  parentId: null,
  parentIndex: null,
  operation: 'diffusion',
  title: 'Imagine',
  prompt: 'a lighthouse',
  status: 'processing',
  progress: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  startedAt: '2026-11-25T00:00:01.000Z',
  endedAt: null,
  cost: { frozen: 8, consumed: 0, unit: 'credits' },
  output: null,
  error: null,
  ...over,
});

/** What the browsers were sent, as `id:status:progress`. */
function recorder() {
  const sent: string[] = [];
  const send = (e: StudioEvent) => {
    if (e.event === 'job')
      sent.push(`${e.data.job.id}:${e.data.job.status}:${e.data.job.progress}`);
    else if (e.event === 'job-removed') sent.push(`${e.data.id}:removed`);
    else if (e.event === 'queue')
      sent.push(`queue ${e.data.places.map((p) => `${p.id}@${p.place}`).join(' ')}`);
  };
  return { sent, gate: new ProgressGate(send) };
}

describe('the progress gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a job’s progress at most every 250 ms, the newest value last', () => {
    const { sent, gate } = recorder();
    gate.job(job({ progress: 10 }));
    gate.job(job({ progress: 20 }));
    gate.job(job({ progress: 30 }));
    expect(sent).toEqual(['handle-a:processing:10']);
    vi.advanceTimersByTime(249);
    expect(sent).toEqual(['handle-a:processing:10']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['handle-a:processing:10', 'handle-a:processing:30']);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('lets a change of state through at once and drops progress held before it', () => {
    const { sent, gate } = recorder();
    gate.job(job({ progress: 40 }));
    gate.job(job({ progress: 60 }));
    gate.job(job({ status: 'completed', progress: 100, endedAt: '2026-11-25T00:00:09.000Z' }));
    expect(sent).toEqual(['handle-a:processing:40', 'handle-a:completed:100']);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('gates each job on its own, and a removal passes at once', () => {
    const { sent, gate } = recorder();
    gate.job(job({ id: 'handle-a', progress: 5 }));
    gate.job(job({ id: 'handle-b', progress: 7 }));
    gate.job(job({ id: 'handle-a', progress: 9 }));
    gate.removed('handle-b');
    expect(sent).toEqual(['handle-a:processing:5', 'handle-b:processing:7', 'handle-b:removed']);
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)).toBe('handle-a:processing:9');
  });

  it('sends the places of queued jobs at once, in one event, and nothing for none', () => {
    const { sent, gate } = recorder();
    gate.job(job({ id: 'handle-a', status: 'pending', queued: { place: 2 } }));
    gate.places([
      { handle: 'handle-a', place: 1 },
      { handle: 'handle-b', place: 2 },
    ]);
    gate.places([]);
    expect(sent).toEqual(['handle-a:pending:0', 'queue handle-a@1 handle-b@2']);
  });

  it('sends nothing held back after it is closed', () => {
    const { sent, gate } = recorder();
    gate.job(job({ progress: 1 }));
    gate.job(job({ progress: 2 }));
    gate.close();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['handle-a:processing:1']);
  });
});
