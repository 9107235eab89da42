import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { Job } from '@/contract/studio-api';
import { NetworkError, StudioApiError } from '@/web/lib/http';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import {
  createFingerprint,
  isCreateInFlight,
  jobMutations,
  submitVariables,
} from './job-mutations';
import type { SearchData } from './job-queries';
import { jobQueries } from './job-queries';
import { searchQuery } from './search-testing';

afterEach(() => vi.unstubAllGlobals());

const upscale: CreateJobRequest = {
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

describe('submitVariables', () => {
  const prompt = (text: string): CreateJobRequest => ({ operation: 'diffusion', params: { text } });
  const ok = () => jsonResponse({ job: makeJob({ id: 'nnnnnnnnnn', status: 'pending' }) });
  const failed = (status: number, message: string, hint: string | null) => () =>
    jsonResponse({ error: { status, code: 'x', message, hint, retryAfterS: null } }, status);
  const unreachable = () => {
    throw new TypeError('Failed to fetch');
  };

  /**
   * Submits through the create mutation as the hook does, the POSTs answered in turn by
   * `answers`; `keys` collects the Idempotency-Key of every POST sent.
   */
  function studio(...answers: (() => Response)[]) {
    const keys: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return answer();
    });
    const qc = new QueryClient();
    const options = { ...jobMutations.create(qc), retryDelay: 0 };
    const submit = (body: CreateJobRequest) =>
      new MutationObserver(qc, options).mutate(submitVariables(body)).catch((e: unknown) => e);
    return { keys, submit };
  }

  it('sends the same key again after a 502, and a new one after the job is made', async () => {
    const { keys, submit } = studio(failed(502, 'Bad gateway', null), ok, ok);
    expect(await submit(prompt('a lighthouse'))).toBeInstanceOf(StudioApiError);
    await submit(prompt('a lighthouse'));
    await submit(prompt('a lighthouse'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends the same key again after the studio’s own 500', async () => {
    const { keys, submit } = studio(
      failed(500, 'The studio hit an unexpected error.', 'Try again.'),
      ok,
    );
    await submit(prompt('a harbour at dusk'));
    await submit(prompt('a harbour at dusk'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the same key again after no answer, retries included', async () => {
    const { keys, submit } = studio(unreachable, unreachable, unreachable, ok);
    const err = await submit(prompt('a fox in snow'));
    expect(err).toBeInstanceOf(NetworkError);
    await submit(prompt('a fox in snow'));
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends a new key after a refusal', async () => {
    const { keys, submit } = studio(failed(400, 'params.text: too long', null), ok);
    await submit(prompt('a red kite'));
    await submit(prompt('a red kite'));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends a new key for each job made from the same prompt', async () => {
    const { keys, submit } = studio(ok, ok);
    await submit(prompt('a paper boat'));
    await submit(prompt('a paper boat'));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('gives a different request its own key while one is unknown', async () => {
    const { keys, submit } = studio(failed(504, 'Timed out', null), ok, ok);
    await submit(prompt('a stone bridge'));
    await submit(prompt('a stone bridge --ar 16:9'));
    await submit(prompt('a stone bridge'));
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
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
    expect(isCreateInFlight(qc, { ...upscale, params: { imageNo: 2, type: 0 as const } })).toBe(
      false,
    );

    // The POST leaves a few microtasks after mutate(); answer it once it has.
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(jsonResponse({ job: makeJob({ id: 'nnnnnnnnnn' }) }));
    await done;
    expect(isCreateInFlight(qc, upscale)).toBe(false);
  });
});

describe('createFingerprint', () => {
  it('tells creates apart by operation, parent and params', () => {
    const diffusion: CreateJobRequest = { operation: 'diffusion', params: { text: 'a' } };
    expect(createFingerprint(diffusion)).toBe(createFingerprint({ ...diffusion }));
    expect(createFingerprint(diffusion)).not.toBe(
      createFingerprint({ operation: 'diffusion', params: { text: 'b' } }),
    );
    expect(createFingerprint(upscale)).not.toBe(
      createFingerprint({ ...upscale, parentId: 'bbbbbbbbbb' }),
    );
  });
});

describe('jobMutations.favourite', () => {
  const job = makeJob({ id: 'aaaaaaaaaa', favourite: false });
  const other = makeJob({ id: 'bbbbbbbbbb', favourite: true });
  const favs = searchQuery({ favourite: true }, 50).queryKey;

  /** A feed, a favourites-only library list and a detail, all holding copies. */
  function seeded() {
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([job, other]));
    qc.setQueryData<SearchData>(favs, { pages: [makeList([other])], pageParams: [undefined] });
    qc.setQueryData(jobQueries.detail(job.id).queryKey, job);
    return qc;
  }
  const flag = (qc: QueryClient, id: string) => ({
    feed: qc.getQueryData(jobQueries.list().queryKey)?.jobs.find((j) => j.id === id)?.favourite,
    detail: qc.getQueryData<Job>(jobQueries.detail(id).queryKey)?.favourite,
  });

  it('PUTs the star, shows it before the answer, and keeps it after', async () => {
    let answer: ((r: Response) => void) | undefined;
    const fetchFn = vi.fn(
      (_url: string, _init: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchFn);
    const qc = seeded();
    const done = new MutationObserver(qc, jobMutations.favourite(qc)).mutate({
      id: job.id,
      on: true,
    });
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(flag(qc, job.id)).toEqual({ feed: true, detail: true });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/studio-api/jobs/aaaaaaaaaa/favourite');
    expect(init?.method).toBe('PUT');

    answer?.(jsonResponse({ job: { ...job, favourite: true } }));
    await done;
    expect(flag(qc, job.id)).toEqual({ feed: true, detail: true });
  });

  it('puts the star back and fails with the server error when refused', async () => {
    const error = {
      status: 404,
      code: 'not_found',
      message: 'No job with that id exists in this studio.',
      hint: null,
      retryAfterS: null,
    };
    const fetchFn = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ error }, 404));
    vi.stubGlobal('fetch', fetchFn);
    const qc = seeded();
    const observer = new MutationObserver(qc, jobMutations.favourite(qc));
    const err = await observer.mutate({ id: other.id, on: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioApiError);
    expect(fetchFn.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(flag(qc, other.id).feed).toBe(true);
    expect(qc.getQueryData<SearchData>(favs)?.pages[0]?.jobs).toEqual([other]);
  });

  it('takes an unstarred job out of a favourites-only list once the server agrees', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ job: { ...other, favourite: false } }));
    const qc = seeded();
    await new MutationObserver(qc, jobMutations.favourite(qc)).mutate({ id: other.id, on: false });
    expect(qc.getQueryData<SearchData>(favs)?.pages[0]?.jobs).toEqual([]);
    expect(flag(qc, other.id).feed).toBe(false);
  });
});

describe('jobMutations.remove', () => {
  const lost = makeJob({
    id: 'uuuuuuuuuu',
    status: 'pending',
    output: null,
    createUnknown: 'Unknown: the studio lost the answer.',
  });
  const kept = makeJob({ id: 'kkkkkkkkkk' });

  it('DELETEs the job and drops it from every cached list once the server agrees', async () => {
    const fetchFn = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ deleted: lost.id }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([lost, kept]));
    await new MutationObserver(qc, jobMutations.remove(qc)).mutate(lost.id);
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/studio-api/jobs/uuuuuuuuuu');
    expect(init?.method).toBe('DELETE');
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([kept]);
  });

  it('keeps the job when the server refuses', async () => {
    const error = { status: 409, code: 'job_running', message: 'running', hint: null };
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ error: { ...error, retryAfterS: null } }, 409),
    );
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([lost, kept]));
    const observer = new MutationObserver(qc, jobMutations.remove(qc));
    expect(await observer.mutate(lost.id).catch((e: unknown) => e)).toBeInstanceOf(StudioApiError);
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([lost, kept]);
  });
});
