import type { Role } from '@/contract/people';
import { useMe } from '@/web/jobs/hooks/use-job-rights';

/**
 * Whether the person signed in may create: not a viewer. Until the studio has said, yes:
 * the studio itself refuses what a role may not do, so the app only hides what would be
 * refused.
 */
export function useMayCreate(): boolean {
  return useMyRole() !== 'viewer';
}

/** The role of the person signed in; null until the studio has said. */
const useMyRole = (): Role | null => useMe()?.role ?? null;

/** Whether the person signed in manages people (an admin or an owner): the People page. */
export function useMayManagePeople(): boolean {
  const role = useMyRole();
  return role === 'admin' || role === 'owner';
}
