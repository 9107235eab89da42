import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../lib/http';

/** `GET /studio-api/me`: who is signed in, and as what. */
const meQuery = {
  queryKey: ['me'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => requestJson('/studio-api/me', 'me', { signal }),
  staleTime: 5 * 60_000,
};

/**
 * Whether the person signed in may create: not a viewer. Until the studio has said, yes:
 * the studio itself refuses what a role may not do, so the app only hides what would be
 * refused.
 */
export function useMayCreate(): boolean {
  const { data } = useQuery(meQuery);
  return data?.me.role !== 'viewer';
}
