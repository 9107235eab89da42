import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../features/account';
import { jobMutations, submitVariables } from '../jobs/api/job-mutations';
import { streamActions } from '../lib/events/stream-store';
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

  it('leaves the balance to the pushed figures while the event stream is up', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ job: makeJob() }));
    const qc = createQueryClient();
    qc.setQueryData(accountQueries.summary().queryKey, makeAccount());
    streamActions().streamOpened();
    try {
      await new MutationObserver(qc, jobMutations.create(qc)).mutate({
        body: { operation: 'diffusion', params: { text: 'a cat' } },
        idempotencyKey: 'k4k4k4k4k4k4k4k4',
      });
    } finally {
      streamActions().streamLost();
    }
    expect(qc.getQueryState(accountQueries.summary().queryKey)?.isInvalidated).toBe(false);
  });

  it('refuses a create the balance cannot cover before sending it, and sends one it can', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return jsonResponse({ job: makeJob() });
    });
    const qc = createQueryClient();
    qc.setQueryData(accountQueries.summary().queryKey, makeAccount({ availableCredits: 100 }));
    const create = (text: string) =>
      new MutationObserver(qc, jobMutations.create(qc)).mutate({
        body: { operation: 'diffusion', params: { text } },
        idempotencyKey: `k${text.length}k3k3k3k3k3k3k3k3`,
      });
    const refused = await create('a cat --turbo').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StudioApiError);
    expect((refused as StudioApiError).studio).toMatchObject({
      status: 402,
      code: 'insufficient_quota',
      message: 'Not enough credits: Diffusion costs 160 credits and the balance is 100 credits.',
    });
    expect(sent).toEqual([]);
    await create('a cat');
    expect(sent).toEqual(['/studio-api/jobs']);
  });

  it('keeps the key of a create that got no answer through one refused before it is sent', async () => {
    const keys: string[] = [];
    const answers = [
      jsonResponse({ error: studio(502).studio }, 502),
      jsonResponse({ job: makeJob() }),
    ];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      return answers.shift();
    });
    const qc = createQueryClient();
    const body = { operation: 'diffusion' as const, params: { text: 'a cat --turbo' } };
    const create = () =>
      new MutationObserver(qc, { ...jobMutations.create(qc), retry: false })
        .mutate(submitVariables(body))
        .catch((e: unknown) => e);
    await create();
    qc.setQueryData(accountQueries.summary().queryKey, makeAccount({ availableCredits: 100 }));
    expect(((await create()) as StudioApiError).studio.status).toBe(402);
    qc.setQueryData(accountQueries.summary().queryKey, makeAccount({ availableCredits: 1000 }));
    await create();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('lets a create go when the balance is not known yet', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ job: makeJob() }));
    const qc = createQueryClient();
    await expect(
      new MutationObserver(qc, jobMutations.create(qc)).mutate({
        body: { operation: 'diffusion', params: { text: 'a cat --turbo' } },
        idempotencyKey: 'k4k4k4k4k4k4k4k4',
      }),
    ).resolves.toMatchObject({ id: makeJob().id });
  });
});
