import { afterEach, describe, expect, it } from 'vitest';
import { jobSchema, type Job } from '@/contract/studio-api';
import { Stack } from '../test/harness';
import { jobEvent, sizedEvent } from '../test/sse-client';

let stack: Stack;
afterEach(() => stack.stopChecked());

async function create(): Promise<Job> {
  const diffusion = { operation: 'diffusion', params: { text: 'a lighthouse in a storm' } };
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', diffusion);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

describe('the event stream to browsers', () => {
  it('replays missed events after Last-Event-ID, and asks for a reset when it cannot', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const first = await stack.events();
    const job = await create();
    const pending = await first.next(jobEvent(job.id, 'pending'));
    await first.next(jobEvent(job.id, 'completed'));
    // The last event of the job: its sizes, once its media is cached.
    await first.next(sizedEvent(job.id));

    const resumed = await stack.events({ 'last-event-id': pending.id ?? '' });
    await resumed.next(jobEvent(job.id, 'completed'));
    expect(resumed.messages.some(jobEvent(job.id, 'pending'))).toBe(false);

    const stale = await stack.events({ 'last-event-id': 'fromAnotherRun.3' });
    await stale.next((m) => m.event === 'reset');
    expect(stale.messages.some((m) => m.event === 'job')).toBe(false);
  });

  it('answers a job list with the event id it was read at, from which a stream misses nothing', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const watch = await stack.events();
    const before = await create();
    await watch.next(jobEvent(before.id, 'completed'));
    await watch.next(sizedEvent(before.id));

    const list = await stack.call('/studio-api/jobs');
    const position = list.headers.get('x-event-id') ?? '';
    expect(position).toMatch(/^\d+$/);
    // A job made after the read, before the page's stream opens: the stream opened from
    // the list's position is sent it, and nothing from before the read.
    const after = await create();
    await watch.next(jobEvent(after.id, 'pending'));
    const late = await stack.events({ 'last-event-id': position });
    await late.next(jobEvent(after.id, 'pending'));
    expect(late.messages.some((m) => m.event === 'job' && m.data.includes(before.id))).toBe(false);
  });
});
