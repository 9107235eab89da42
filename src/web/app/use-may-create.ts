import { useMe } from '@/web/jobs/hooks/use-job-rights';

/**
 * Whether the person signed in may create: not a viewer. Until the studio has said, yes:
 * the studio itself refuses what a role may not do, so the app only hides what would be
 * refused.
 */
export function useMayCreate(): boolean {
  return useMe()?.role !== 'viewer';
}
