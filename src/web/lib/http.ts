import type * as z from 'zod/mini';
import type { StudioError } from '@/contract/studio-api';
import type * as firstAnswers from './answer-schemas';
import type * as moreAnswers from './answer-schemas-more';
import { takeEarly } from './early-request';
import { noteEventPosition } from './events/position';
import { loadOnce, whenIdle } from './lazy-component';
import { goToSignIn } from './sign-in';

type FirstSchemas = typeof firstAnswers;
type AnswerSchemas = FirstSchemas & typeof moreAnswers;
/** The studio API's answers by name: `jobList`, `job`, `account`, ... */
export type Answer = keyof AnswerSchemas;

const loadFirstSchemas = loadOnce(() => import('./answer-schemas'));
const loadMoreSchemas = loadOnce(() => import('./answer-schemas-more'));

// The first screen's schemas are fetched as the page starts, beside its first requests, so
// no answer waits for them; the others once the page is idle.
if (typeof window !== 'undefined') {
  loadFirstSchemas().catch(() => undefined);
  whenIdle(() => {
    loadMoreSchemas().catch(() => undefined);
  });
}

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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * fetch + zod: every response is parsed with the contract's schema for `answer` here, so
 * callers (and React Query) only ever see well-formed data or one of the three errors above.
 */
export async function requestJson<A extends Answer>(
  path: string,
  answer: A,
  options: RequestOptions = {},
): Promise<z.output<AnswerSchemas[A]>> {
  const res = await send(path, options);
  noteEventPosition(res.headers);
  const payload = await readJson(res);
  const first = await schemasFor(path, loadFirstSchemas);
  if (!res.ok) {
    const error = toStudioError(res, payload, first);
    // The session ended (signed out in another tab, expired, or ended by an admin).
    if (error.code === 'unauthenticated') goToSignIn(false);
    throw new StudioApiError(error);
  }
  const schemas = answer in first ? first : await schemasFor(path, loadMoreSchemas);
  const parsed = ((schemas as Partial<AnswerSchemas>)[answer] as z.ZodMiniType).safeParse(payload);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new ResponseShapeError(path, detail);
  }
  return parsed.data as z.output<AnswerSchemas[A]>;
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
  // The first screen's data, asked for as the script started (early-request.ts).
  const early = method === 'GET' && Object.keys(headers).length === 0 ? takeEarly(path) : undefined;
  try {
    return await (early ?? fetch(path, init));
  } catch (err) {
    // Cancellation is React Query's business; anything else means no answer at all.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(path, err);
  }
}

/** Schemas, or a NetworkError: without them the answer cannot be read. */
async function schemasFor<M>(path: string, load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (err) {
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

function toStudioError(res: Response, payload: unknown, schemas: FirstSchemas): StudioError {
  const envelope = schemas.error.safeParse(payload);
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
