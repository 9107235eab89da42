import { useQuery } from '@tanstack/react-query';
import type { Person, Role } from '@/contract/people';
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
  return useMyRole() !== 'viewer';
}

/** The person signed in; null until the studio has said. */
export function useMe(): Person | null {
  return useQuery(meQuery).data?.me ?? null;
}

/** The role of the person signed in; null until the studio has said. */
const useMyRole = (): Role | null => useMe()?.role ?? null;

/** Whether the person signed in manages people (an admin or an owner): the People page. */
export function useMayManagePeople(): boolean {
  const role = useMyRole();
  return role === 'admin' || role === 'owner';
}
