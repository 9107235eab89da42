import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../features/account/api/account-queries';
import { jobMutations } from '../features/jobs/api/job-mutations';
import { NetworkError, ResponseShapeError, StudioApiError } from '../lib/http';
import { jsonResponse, makeAccount, makeJob } from '../lib/testing/fixtures';
import { createQueryClient, shouldRetry } from './query-client';

afterEach(() => vi.unstubAllGlobals());

const studio = (status: number) =>
  new StudioApiError({ status, code: 'x', message: 'x', hint: null, retryAfterS: null });

describe('shouldRetry', () => {
  it('retries what may pass next time, twice at most', () => {
    expect(shouldRetry(0, new NetworkError('/x', null))).toBe(true);
    expect(shouldRetry(0, studio(503))).toBe(true);
    expect(shouldRetry(0, studio(429))).toBe(true);
    expect(shouldRetry(2, studio(503))).toBe(false);
  });

  it('never retries a refusal or a broken response', () => {
    expect(shouldRetry(0, studio(400))).toBe(false);
    expect(shouldRetry(0, studio(404))).toBe(false);
    expect(shouldRetry(0, new ResponseShapeError('/x', 'bad'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('refreshes the balance after a job is created', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ job: makeJob() }));
    const qc = createQueryClient();
    qc.setQueryData(accountQueries.summary().queryKey, makeAccount());
    await new MutationObserver(qc, jobMutations.create(qc)).mutate({
      body: { operation: 'diffusion', params: { text: 'a cat' } },
      idempotencyKey: 'k3k3k3k3k3k3k3k3',
    });
    expect(qc.getQueryState(accountQueries.summary().queryKey)?.isInvalidated).toBe(true);
  });
});
