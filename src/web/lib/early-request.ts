/**
 * GETs sent as the script starts, before the app has rendered, for what its first screen
 * shows: each is handed to the first request for the same path (`http.ts`), which reads
 * it as its own. Only a GET with no headers of its own is sent early.
 */
const early = new Map<string, Promise<Response>>();

export function requestEarly(path: string): void {
  const response = fetch(path, { headers: { Accept: 'application/json' } });
  // The request that takes it reports a failure; one never taken is of no concern.
  response.catch(() => undefined);
  early.set(path, response);
}

/** The early answer for `path`, once: a later request asks again. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response;
}
