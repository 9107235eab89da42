import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateJob } from '../../../../contract/studio-api';
import { StudioApiError } from '../../../lib/http';
import { jsonResponse, makeJob, makeList } from '../../../lib/testing/fixtures';
import { createFingerprint, isCreateInFlight, jobMutations } from './job-mutations';
import { jobQueries } from './job-queries';

afterEach(() => vi.unstubAllGlobals());

const upscale: CreateJob = {
  operation: 'upscale',
  parentId: 'aaaaaaaaaa',
  params: { imageNo: 1, type: 0 },
};

describe('jobMutations.create', () => {
  it('POSTs the create with its Idempotency-Key and puts the job on top of the list', async () => {
    const parent = makeJob({ id: 'aaaaaaaaaa' });
    const created = makeJob({
      id: 'nnnnnnnnnn',
      operation: 'upscale',
      parentId: 'aaaaaaaaaa',
      parentIndex: 1,
      status: 'pending',
      output: null,
    });
    const fetchFn = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ job: created }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([parent]));

    await new MutationObserver(qc, jobMutations.create(qc)).mutate({
      body: upscale,
      idempotencyKey: 'k0k0k0k0k0k0k0k0',
    });

    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/studio-api/jobs');
    expect(JSON.parse(String(init?.body))).toEqual(upscale);
    expect(init?.headers).toMatchObject({ 'Idempotency-Key': 'k0k0k0k0k0k0k0k0' });
    expect(qc.getQueryData(jobQueries.list().queryKey)).toEqual(makeList([created, parent]));
    expect(qc.getQueryData(jobQueries.detail(created.id).queryKey)).toEqual(created);
  });

  it('keeps a finished copy that a job event already put in the list', async () => {
    const pending = makeJob({ id: 'nnnnnnnnnn', status: 'pending', output: null });
    const done = makeJob({ id: 'nnnnnnnnnn' });
    vi.stubGlobal('fetch', async () => jsonResponse({ job: pending }));
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([done]));
    const observer = new MutationObserver(qc, jobMutations.create(qc));
    await observer.mutate({ body: upscale, idempotencyKey: 'k2k2k2k2k2k2k2k2' });
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([done]);
  });

  it('fails with the StudioError and leaves the list alone', async () => {
    const error = {
      status: 429,
      code: 'rate_limited',
      message: 'Too many jobs at once',
      hint: null,
      retryAfterS: 3,
    };
    vi.stubGlobal('fetch', async () => jsonResponse({ error }, 429));
    const qc = new QueryClient();
    const list = makeList([makeJob()]);
    qc.setQueryData(jobQueries.list().queryKey, list);
    const observer = new MutationObserver(qc, jobMutations.create(qc));
    const err = await observer
      .mutate({ body: upscale, idempotencyKey: 'k1k1k1k1k1k1k1k1' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(StudioApiError);
    expect(qc.getQueryData(jobQueries.list().queryKey)).toBe(list);
  });
});

describe('isCreateInFlight', () => {
  it('is true for the same body while its POST is on its way, false once answered', async () => {
    let answer: ((r: Response) => void) | undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const qc = new QueryClient();
    const done = new MutationObserver(qc, jobMutations.create(qc)).mutate({
      body: upscale,
      idempotencyKey: 'k2k2k2k2k2k2k2k2',
    });

    expect(isCreateInFlight(qc, upscale)).toBe(true);
    expect(isCreateInFlight(qc, { ...upscale, params: { imageNo: 2, type: 0 } })).toBe(false);

    // The POST leaves a few microtasks after mutate(); answer it once it has.
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(jsonResponse({ job: makeJob({ id: 'nnnnnnnnnn' }) }));
    await done;
    expect(isCreateInFlight(qc, upscale)).toBe(false);
  });
});

describe('createFingerprint', () => {
  it('tells creates apart by operation, parent and params', () => {
    const diffusion: CreateJob = { operation: 'diffusion', params: { text: 'a' } };
    expect(createFingerprint(diffusion)).toBe(createFingerprint({ ...diffusion }));
    expect(createFingerprint(diffusion)).not.toBe(
      createFingerprint({ operation: 'diffusion', params: { text: 'b' } }),
    );
    expect(createFingerprint(upscale)).not.toBe(
      createFingerprint({ ...upscale, parentId: 'bbbbbbbbbb' }),
    );
  });
});
