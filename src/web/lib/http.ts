import type { ZodMiniType } from 'zod/mini';
import type { StudioError } from '@/contract/studio-api';
import { errorEnvelopeSchema } from '@/contract/studio-api';

/** A non-2xx answer from the studio server, carrying its StudioError. */
export class StudioApiError extends Error {
  readonly studio: StudioError;
  constructor(studio: StudioError) {
    super(studio.message);
    this.name = 'StudioApiError';
    this.studio = studio;
  }
}

/** A 2xx answer whose body does not match the contract: a bug on one side, never retried. */
export class ResponseShapeError extends Error {
  constructor(path: string, detail: string) {
    super(`Unexpected response from ${path}: ${detail}`);
    this.name = 'ResponseShapeError';
  }
}

/** The request never got an answer (server down, offline). */
export class NetworkError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Could not reach ${path}`, { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * fetch + zod: every response is parsed with the contract's schema here, so callers (and
 * React Query) only ever see well-formed data or one of the three errors above.
 */
export async function requestJson<T>(
  path: string,
  schema: ZodMiniType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const res = await send(path, options);
  const payload = await readJson(res);
  if (!res.ok) throw new StudioApiError(toStudioError(res, payload));
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new ResponseShapeError(path, detail);
  }
  return parsed.data;
}

/** JSON for data; a FormData (an upload) goes as is, and fetch sets its multipart type. */
function bodyInit(body: unknown): { body?: BodyInit; type?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  return { body: JSON.stringify(body), type: 'application/json' };
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', headers = {}, signal } = options;
  const { body, type } = bodyInit(options.body);
  const init: RequestInit = {
    method,
    headers: {
      Accept: 'application/json',
      ...(type ? { 'Content-Type': type } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body }),
    ...(signal ? { signal } : {}),
  };
  try {
    return await fetch(path, init);
  } catch (err) {
    // Cancellation is React Query's business; anything else means no answer at all.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(path, err);
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy in between may answer with HTML; treat it as "no JSON body".
    return null;
  }
}

function toStudioError(res: Response, payload: unknown): StudioError {
  const envelope = errorEnvelopeSchema.safeParse(payload);
  if (envelope.success) return envelope.data.error;
  const retryAfter = Number(res.headers.get('Retry-After'));
  return {
    status: res.status,
    code: 'http_error',
    message: `The studio server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
    hint: null,
    retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}
