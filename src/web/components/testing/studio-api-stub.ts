import { onTestFinished, vi } from 'vitest';
import type { StudioError } from '@/contract/studio-api';

/** One request a component sent, as the stub saw it. */
interface SentRequest {
  method: string;
  /** The path without the query: `/studio-api/jobs`. */
  path: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, a FormData (an upload) as it was sent, or undefined. */
  body: unknown;
}

type Answer = Response | object | null;
/**
 * What a route answers: a body (sent as JSON, 200), a Response, or a function of the
 * request returning either (a promise that has not settled keeps the request pending).
 */
export type Route = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/** A refusal as the studio server words it: the error envelope of the contract. */
export function studioError(
  status: number,
  message: string,
  { code = 'invalid_request', hint = null, retryAfterS = null }: Partial<StudioError> = {},
): Response {
  const error: StudioError = { status, code, message, hint, retryAfterS };
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function parsedBody(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

const toResponse = (answer: Answer): Response =>
  answer instanceof Response
    ? answer
    : new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });

/**
 * Stands in for the studio server at the network edge: `window.fetch` answers from
 * `routes`, keyed `'GET /studio-api/account'` (the query is not part of the key). A
 * request no route names gets a 501 and is kept in `stray`, so nothing reaches a network.
 * Restored when the test finishes.
 */
export function stubStudioApi(initial: Record<string, Route>) {
  const routes = new Map(Object.entries(initial));
  const sent: SentRequest[] = [];
  const stray: string[] = [];
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: SentRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: parsedBody(init?.body),
    };
    sent.push(request);
    const key = `${method} ${url.pathname}`;
    const route = routes.get(key);
    if (route === undefined) {
      stray.push(key);
      return studioError(501, `No stub for ${key}`);
    }
    return toResponse(typeof route === 'function' ? await route(request) : route);
  });
  onTestFinished(() => spy.mockRestore());
  return {
    /** Every request so far, oldest first. */
    sent,
    /** Requests that no route answered. */
    stray,
    /** The requests sent to one route, `'POST /studio-api/jobs'`. */
    to: (key: string) => sent.filter((r) => `${r.method} ${r.path}` === key),
    /** Changes what a route answers from now on. */
    route: (key: string, answer: Route) => void routes.set(key, answer),
  };
}

/** A promise and the functions that settle it: a request held open until the test says. */
export function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
