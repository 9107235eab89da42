import { create } from 'zustand';
import type { StudioError, UpstreamStatus } from '@/contract/studio-api';
import { formatRelativeTime } from '../format';
import { StudioApiError } from '../http';

/**
 * Whether the studio can reach the image service, as the proxy last said (its `status`
 * event). Client state, and the one state of it in the page: it decides what the header
 * and running cards say, and whether a create is sent (`outageRefusal`).
 */
interface UpstreamState {
  upstream: UpstreamStatus;
  upstreamReported: (upstream: UpstreamStatus) => void;
}

const useUpstreamStore = create<UpstreamState>()((set) => ({
  upstream: { reachable: true, lastContactAt: null, reason: null },
  upstreamReported: (upstream) => set({ upstream }),
}));

export const useUpstreamStatus = (): UpstreamStatus => useUpstreamStore((s) => s.upstream);
/** The latest status, outside React (the create guard). */
export const currentUpstream = (): UpstreamStatus => useUpstreamStore.getState().upstream;
export const upstreamReported = (upstream: UpstreamStatus): void =>
  useUpstreamStore.getState().upstreamReported(upstream);

/** What the header says while the service cannot be reached; null while it answers. */
export function outageWords(
  upstream: UpstreamStatus,
  now: number,
): { short: string; long: string } | null {
  if (upstream.reachable) return null;
  const since = upstream.lastContactAt
    ? ` Last contact ${formatRelativeTime(upstream.lastContactAt, now)}.`
    : '';
  const why = upstream.reason ? ` ${upstream.reason}` : '';
  return {
    short: 'Service unreachable',
    long: `The studio cannot reach the image service.${why}${since} Running jobs continue when it answers again.`,
  };
}

/** The code of a create refused before it was sent because of an outage. */
const OUTAGE_REFUSAL = 'service_unreachable';

/**
 * A create refused before it is sent, exactly while the header says the service cannot
 * be reached (the same words decide both): it would only wait or fail. The reason and
 * the last contact are the header's.
 */
export function outageRefusal(upstream: UpstreamStatus, now: number): StudioError | null {
  if (outageWords(upstream, now) === null) return null;
  const since = upstream.lastContactAt
    ? ` Last contact ${formatRelativeTime(upstream.lastContactAt, now)}.`
    : '';
  return {
    status: 503,
    code: OUTAGE_REFUSAL,
    message: `The image service cannot be reached, so nothing was sent.${since}`,
    hint: `${upstream.reason ? `${upstream.reason} ` : ''}Try again once the header says Live; running jobs finish on their own when it answers.`,
    retryAfterS: null,
  };
}

/**
 * Whether an error is such a refusal: it tells of the state, not of the create, so it is
 * no longer shown once the state says the service answers.
 */
export const isOutageRefusal = (err: unknown): boolean =>
  err instanceof StudioApiError && err.studio.code === OUTAGE_REFUSAL;
