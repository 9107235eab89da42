import { networkInterfaces } from 'node:os';
import type { PushStatus } from '@/contract/studio-api';

/**
 * Whether the upstream can call the proxy back (and fetch its uploads) at PUBLIC_URL.
 *  - `on`: callbacks are requested and the poller only stands in when one is late;
 *  - `unverified`: callbacks are requested, but PUBLIC_URL did not reach this proxy from
 *    itself, so they probably will not arrive: the poller reads at its usual pace;
 *  - `off`: STUDIO_CALLBACKS=off, or PUBLIC_URL is a loopback address and the upstream is
 *    elsewhere; no callback is requested (the upstream would only call itself), and in the
 *    second case uploads are refused too.
 */
export type CallbackMode = 'on' | 'unverified' | 'off';

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

export function isLoopbackHost(host: string): boolean {
  const h = bare(host);
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === '::1' ||
    h === '::ffff:127.0.0.1'
  );
}

/** A loopback name or one of this machine's own interface addresses. */
function isThisMachine(host: string): boolean {
  if (isLoopbackHost(host)) return true;
  const h = bare(host);
  return Object.values(networkInterfaces()).some((list) =>
    (list ?? []).some((i) => bare(i.address) === h),
  );
}

const PROBE_TIMEOUT_MS = 3000;

/** Asks PUBLIC_URL for this proxy's instance id: does the address reach us at all? */
async function probe(publicUrl: string, instance: string): Promise<string | null> {
  try {
    const res = await fetch(`${publicUrl}/hooks/probe`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.ok && text === instance) return null;
    return `it answered HTTP ${res.status} with something other than this studio`;
  } catch (err) {
    return err instanceof Error && err.name === 'TimeoutError'
      ? `it did not answer within ${PROBE_TIMEOUT_MS / 1000} s`
      : 'it could not be reached from this machine';
  }
}

interface Assessment {
  mode: CallbackMode;
  reason: string | null;
  /** Why uploads cannot be used, or null when the upstream can fetch them. */
  uploadsBlocked: string | null;
}

/** Decides the callback mode at start; the reasons are logged and shown in the studio. */
export async function assessReachability(opts: {
  publicUrl: string;
  upstreamUrl: string;
  instance: string;
  callbacks: 'auto' | 'off';
}): Promise<Assessment> {
  const pub = new URL(opts.publicUrl);
  const up = new URL(opts.upstreamUrl);
  const blocked =
    isLoopbackHost(pub.hostname) && !isThisMachine(up.hostname)
      ? `PUBLIC_URL (${pub.origin}) is a loopback address, but the image service at ${up.host} is not on this machine, so it can neither call the studio back nor fetch uploads. Job status comes from polling and uploads are refused. Set PUBLIC_URL to an address the image service can reach (for example an https tunnel) to enable both.`
      : null;
  if (opts.callbacks === 'off') {
    const reason =
      'Callbacks are turned off (STUDIO_CALLBACKS=off); job status comes from polling.';
    return { mode: 'off', reason, uploadsBlocked: blocked };
  }
  if (blocked) return { mode: 'off', reason: blocked, uploadsBlocked: blocked };
  const failure = await probe(opts.publicUrl, opts.instance);
  if (failure === null) return { mode: 'on', reason: null, uploadsBlocked: null };
  return {
    mode: 'unverified',
    reason: `PUBLIC_URL (${pub.origin}) does not lead to this studio: ${failure}. Callbacks are still requested, but job status comes from polling until one arrives.`,
    uploadsBlocked: null,
  };
}

const MISSED =
  'A job finished without its callback arriving, so the studio polls running jobs until callbacks arrive again.';

/**
 * The callback mode, and whether callbacks can be relied on right now: from the start when
 * the self-check passed, after the first one arrives otherwise, and no longer once the
 * poller finds a finished job whose callback never came.
 */
export class Reachability {
  private trust = false;
  private missed = false;
  private current: CallbackMode = 'unverified';
  private why: string | null = 'The studio is still checking PUBLIC_URL.';
  private uploadsWhy: string | null = null;

  /**
   * `onChange` hears every change of `status()`, for the event stream; `onHook` every
   * callback that arrives (the service is alive: the upstream probe need not ask).
   */
  constructor(
    private readonly onChange: () => void = () => undefined,
    private readonly onHook: () => void = () => undefined,
  ) {}

  get mode(): CallbackMode {
    return this.current;
  }

  /** The outcome of the start-up check. */
  settle(found: Assessment): void {
    this.current = found.mode;
    this.why = found.reason;
    this.uploadsWhy = found.uploadsBlocked;
    this.trust = found.mode === 'on';
    this.onChange();
  }

  /** Callbacks are requested unless the upstream could only call itself. */
  get requestsCallbacks(): boolean {
    return this.mode !== 'off';
  }

  /** Why the upstream cannot fetch `${PUBLIC_URL}/u/...`; null when it can. */
  get uploadsBlocked(): string | null {
    return this.uploadsWhy;
  }

  /** The poller may leave jobs with a callback alone for a while. */
  get trusted(): boolean {
    return this.mode !== 'off' && this.trust;
  }

  hookReceived(): void {
    this.onHook();
    const before = this.trusted;
    this.trust = true;
    this.missed = false;
    if (!before && this.trusted) this.onChange();
  }

  hookMissed(): void {
    this.trust = false;
    this.missed = true;
    this.onChange();
  }

  status(): PushStatus {
    if (this.trusted) return { mode: 'callbacks', reason: null };
    return { mode: 'polling', reason: this.missed ? MISSED : this.why };
  }
}
