import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, ResponseShapeError, StudioApiError, requestJson } from './http';
import { requestEarly } from './early-request';
import { goToSignIn } from './sign-in';
import { jsonResponse, makeJob } from './testing/fixtures';

vi.mock('./sign-in', () => ({ goToSignIn: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const stubFetch = (impl: (url: string, init: RequestInit) => Promise<Response>) => {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
};

describe('requestJson', () => {
  it('returns the parsed body of a 2xx answer', async () => {
    const job = makeJob();
    stubFetch(async () => jsonResponse({ job }));
    await expect(requestJson('/studio-api/jobs/x', 'job')).resolves.toEqual({ job });
  });

  it('sends a JSON body with its headers', async () => {
    const fetchFn = stubFetch(async () => jsonResponse({ job: makeJob() }));
    await requestJson('/studio-api/jobs', 'job', {
      method: 'POST',
      body: { operation: 'diffusion', params: { text: 'a cat' } },
      headers: { 'Idempotency-Key': 'k1' },
    });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/studio-api/jobs');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"operation":"diffusion","params":{"text":"a cat"}}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k1',
    });
  });

  it('sends a FormData body as is, leaving its multipart type to fetch', async () => {
    const fetchFn = stubFetch(async () => jsonResponse({ job: makeJob() }));
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await requestJson('/studio-api/uploads', 'job', { method: 'POST', body: form });
    const [, init] = fetchFn.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('turns a malformed 2xx body into a ResponseShapeError naming the field', async () => {
    stubFetch(async () => jsonResponse({ job: { ...makeJob(), status: 'done' } }));
    const err = await requestJson('/studio-api/jobs/x', 'job').catch((e) => e);
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect(String(err.message)).toContain('job.status');
  });

  it('carries the StudioError of a non-2xx answer', async () => {
    const studio = {
      status: 402,
      code: 'insufficient_quota',
      message: 'Not enough credits for diffusion (needs 80)',
      hint: 'Top up credits',
      retryAfterS: null,
    };
    stubFetch(async () => jsonResponse({ error: studio }, 402));
    const err = await requestJson('/studio-api/jobs', 'job').catch((e) => e);
    expect(err).toBeInstanceOf(StudioApiError);
    expect(err.studio).toEqual(studio);
    expect(err.message).toBe(studio.message);
  });

  it('reads an answer asked for as the script started, once, and asks again after', async () => {
    const early = makeJob({ id: 'early0000001' });
    const later = makeJob({ id: 'later0000001' });
    const fetchFn = stubFetch(async () => jsonResponse({ job: early }));
    requestEarly('/studio-api/jobs/x');
    expect(fetchFn).toHaveBeenCalledTimes(1);
    fetchFn.mockImplementation(async () => jsonResponse({ job: later }));
    await expect(requestJson('/studio-api/jobs/x', 'job')).resolves.toEqual({ job: early });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await expect(requestJson('/studio-api/jobs/x', 'job')).resolves.toEqual({ job: later });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('takes the page to the sign-in page when the session has ended, and not otherwise', async () => {
    const refused = (status: number, code: string) =>
      jsonResponse(
        { error: { status, code, message: 'no', hint: null, retryAfterS: null } },
        status,
      );
    stubFetch(async () => refused(403, 'forbidden'));
    await expect(requestJson('/studio-api/jobs', 'jobList')).rejects.toBeInstanceOf(StudioApiError);
    expect(goToSignIn).not.toHaveBeenCalled();
    stubFetch(async () => refused(401, 'unauthenticated'));
    await expect(requestJson('/studio-api/jobs', 'jobList')).rejects.toBeInstanceOf(StudioApiError);
    expect(goToSignIn).toHaveBeenCalledWith(false);
  });

  it('makes a StudioError from a non-2xx answer without one, keeping Retry-After', async () => {
    stubFetch(
      async () =>
        new Response('<html>Bad gateway</html>', {
          status: 503,
          statusText: 'Service Unavailable',
          headers: { 'Retry-After': '7' },
        }),
    );
    const err = await requestJson('/studio-api/jobs', 'job').catch((e) => e);
    expect(err).toBeInstanceOf(StudioApiError);
    expect(err.studio).toMatchObject({ status: 503, code: 'http_error', retryAfterS: 7 });
  });

  it('reports an unreachable server as a NetworkError', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(requestJson('/studio-api/jobs', 'job')).rejects.toBeInstanceOf(NetworkError);
  });

  it('reads an answer once the schemas come, and fetches them again after a failure', async () => {
    vi.resetModules();
    let fail = true;
    vi.doMock('./answer-schemas', async (original) => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return original();
    });
    const http = await import('./http');
    const job = makeJob();
    stubFetch(async () => jsonResponse({ job }));
    const err = await http.requestJson('/studio-api/jobs/x', 'job').catch((e) => e);
    // Without its schema the answer cannot be read: as if it never came.
    expect(err).toBeInstanceOf(http.NetworkError);
    expect(err.message).toBe('Could not reach /studio-api/jobs/x');
    fail = false;
    await expect(http.requestJson('/studio-api/jobs/x', 'job')).resolves.toEqual({ job });
    vi.doUnmock('./answer-schemas');
  });

  it('reads an answer the first screen does not need from the other chunk, fetched again after a failure', async () => {
    vi.resetModules();
    let fail = true;
    vi.doMock('./answer-schemas-more', async (original) => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return original();
    });
    const http = await import('./http');
    stubFetch(async () => jsonResponse({ presets: [] }));
    const err = await http.requestJson('/studio-api/presets', 'presets').catch((e) => e);
    expect(err).toBeInstanceOf(http.NetworkError);
    // The first screen's answers do not need that chunk.
    stubFetch(async () => jsonResponse({ job: makeJob() }));
    await expect(http.requestJson('/studio-api/jobs/x', 'job')).resolves.toMatchObject({
      job: { status: 'completed' },
    });
    fail = false;
    stubFetch(async () => jsonResponse({ presets: [] }));
    await expect(http.requestJson('/studio-api/presets', 'presets')).resolves.toEqual({
      presets: [],
    });
    vi.doUnmock('./answer-schemas-more');
  });

  it('lets an abort through unchanged, for React Query to cancel', async () => {
    stubFetch(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const err = await requestJson('/studio-api/jobs', 'job').catch((e) => e);
    expect(err).toBeInstanceOf(DOMException);
  });
});
