import { useMutationState } from '@tanstack/react-query';
import type { CreateJobVariables } from '@/web/jobs/api/job-mutations';
import { createFingerprint, jobMutationKeys } from '@/web/jobs/api/job-mutations';

/** Fingerprints of the follow-ups of `parentId` whose create is on its way, from anywhere. */
export function usePendingCreates(parentId: string): string[] {
  return useMutationState({
    filters: { mutationKey: jobMutationKeys.create(), status: 'pending' },
    select: (m) => {
      const body = (m.state.variables as CreateJobVariables | undefined)?.body;
      return body?.parentId === parentId ? createFingerprint(body) : '';
    },
  }).filter((f) => f !== '');
}
