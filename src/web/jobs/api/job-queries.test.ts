import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseShapeError } from '@/web/lib/http';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import { jobQueries, pollIntervalFor, prependJob } from './job-queries';

afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('jobQueries keys', () => {
  it('nest, so invalidating lists or all reaches every list', () => {
    expect(jobQueries.list().queryKey).toEqual(['jobs', 'list', { limit: 50 }]);
    expect(jobQueries.list(10).queryKey.slice(0, 2)).toEqual(jobQueries.lists());
    expect(jobQueries.detail('abcDEF123456').queryKey).toEqual(['jobs', 'detail', 'abcDEF123456']);
  });
});

describe('jobQueries.list', () => {
  it('fetches the list and parses it with the contract', async () => {
    const list = makeList([makeJob()]);
    const fetchFn = vi.fn(async () => jsonResponse(list));
    vi.stubGlobal('fetch', fetchFn);
    await expect(client().fetchQuery(jobQueries.list())).resolves.toEqual(list);
    expect(fetchFn.mock.calls[0]).toEqual(['/studio-api/jobs?limit=50', expect.anything()]);
  });

  it('makes a malformed list a query error, not data', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ jobs: [{ id: 1 }], nextCursor: null }));
    const qc = client();
    await expect(qc.fetchQuery(jobQueries.list())).rejects.toBeInstanceOf(ResponseShapeError);
    expect(qc.getQueryData(jobQueries.list().queryKey)).toBeUndefined();
  });
});

describe('jobQueries.detail', () => {
  it('unwraps the job envelope', async () => {
    const job = makeJob({ id: 'zzzZZZ999999' });
    vi.stubGlobal('fetch', async () => jsonResponse({ job }));
    await expect(client().fetchQuery(jobQueries.detail(job.id))).resolves.toEqual(job);
  });
});

describe('pollIntervalFor', () => {
  const running = (status: 'pending' | 'staged' | 'processing' | 'retry') =>
    makeList([makeJob(), makeJob({ id: 'b1b1b1b1b1', status })]);

  it('polls every 700 ms while a job is not terminal and the stream is down', () => {
    for (const status of ['pending', 'staged', 'processing', 'retry'] as const) {
      expect(pollIntervalFor(running(status), false)).toBe(700);
    }
  });

  it('does not poll while the stream is live, even with running jobs', () => {
    expect(pollIntervalFor(running('processing'), true)).toBe(false);
  });

  it('does not poll for a job whose create the studio lost: nothing is coming for it', () => {
    const lost = makeJob({ status: 'pending', output: null, createUnknown: 'Unknown: lost.' });
    expect(pollIntervalFor(makeList([makeJob({ id: 'b1b1b1b1b1' }), lost]), false)).toBe(false);
  });

  it('stops when every job is completed or failed, or nothing is loaded', () => {
    const done = makeList([makeJob(), makeJob({ id: 'b1b1b1b1b1', status: 'failed' })]);
    for (const live of [false, true]) {
      expect(pollIntervalFor(done, live)).toBe(false);
      expect(pollIntervalFor(makeList([]), live)).toBe(false);
      expect(pollIntervalFor(undefined, live)).toBe(false);
    }
  });
});

describe('prependJob', () => {
  it('puts the job on top and drops an older copy of it', () => {
    const a = makeJob({ id: 'aaaaaaaaaa' });
    const b = makeJob({ id: 'bbbbbbbbbb' });
    const newer = { ...a, status: 'processing' as const };
    expect(prependJob(makeList([b, a], 'c1'), newer)).toEqual(makeList([newer, b], 'c1'));
  });
});
