import { create } from 'zustand';
import type { UpstreamStatus } from '@/contract/studio-api';
import { formatRelativeTime } from '../format';

/**
 * Whether the studio can reach the image service, as the proxy last said (its `status`
 * event). Client state: it decides what the header and running cards say.
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
