import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../lib/me';

/**
 * Whether the person signed in may create: not a viewer. Until the studio has said, yes:
 * the studio itself refuses what a role may not do, so the app only hides what would be
 * refused.
 */
export function useMayCreate(): boolean {
  const { data } = useQuery(meQuery);
  return data?.me.role !== 'viewer';
}
