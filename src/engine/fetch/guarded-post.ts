import type { FetchPolicy } from './dial';
import { dial, parseTarget, withDeadline } from './dial';

export interface PostRequest {
  body: string;
  headers: Headers;
  /** Cuts the exchange short (the engine stopping). */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * POST to a URL a client gave (a callback), under the same address policy as image
 * fetches: resolved once, every address checked, the checked one dialled. Redirects are
 * not followed and the answer's body is not read: only its status is returned. A refused
 * or failed exchange throws a FetchError.
 */
export function guardedPost(raw: string, req: PostRequest, policy: FetchPolicy): Promise<number> {
  return withDeadline(policy.timeoutMs ?? DEFAULT_TIMEOUT_MS, req.signal, async (signal) => {
    const url = parseTarget(raw);
    const headers = Object.fromEntries(req.headers);
    headers['content-length'] = String(Buffer.byteLength(req.body));
    const res = await dial(url, policy, { signal, method: 'POST', headers, body: req.body });
    res.destroy();
    return res.statusCode ?? 0;
  });
}
