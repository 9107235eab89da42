import { newToken } from '../model/ids';
import type { Reachability } from './reachability';

export interface CallbackLink {
  token: string;
  url: string;
  /** Ask the upstream for in-flight states too (UPSTREAM_PROGRESS=on). */
  progress: boolean;
}

/**
 * Hands out one callback URL per job, `${PUBLIC_URL}/hooks/<token>`. A token is useless
 * for anything but reporting on its own job. The job is stored under its token before the
 * create is sent; until the create's answer has been stored too, a callback for it (a very
 * fast upstream) waits here, so that it is applied to the job the answer made, or adopts
 * the job if the answer was lost.
 */
export class CallbackLinks {
  private readonly creating = new Map<string, Promise<void>>();

  constructor(
    private readonly publicUrl: () => string,
    private readonly reach: Pick<Reachability, 'requestsCallbacks'>,
    private readonly progress = false,
  ) {}

  /** A fresh link, or null when no callback can reach the studio. */
  next(): CallbackLink | null {
    if (!this.reach.requestsCallbacks) return null;
    const token = newToken();
    return { token, url: `${this.publicUrl()}/hooks/${token}`, progress: this.progress };
  }

  /** Runs the create and store of a job whose callback carries `token`. */
  async during<T>(token: string | null, create: () => Promise<T>): Promise<T> {
    if (token === null) return create();
    const run = create();
    this.creating.set(
      token,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    try {
      return await run;
    } finally {
      this.creating.delete(token);
    }
  }

  /** Resolves once a create still under way for `token` has ended; null if none is. */
  settled(token: string): Promise<void> | null {
    return this.creating.get(token) ?? null;
  }
}
