import { useMutationState } from '@tanstack/react-query';
import type { CreateJobVariables } from '../api/job-mutations';
import { jobMutationKeys } from '../api/job-mutations';

/** Image indexes of `parentId` with an upscale request on its way, from any component. */
export function usePendingUpscales(parentId: string): number[] {
  return useMutationState({
    filters: { mutationKey: jobMutationKeys.create(), status: 'pending' },
    select: (m) => {
      const vars = m.state.variables as CreateJobVariables | undefined;
      const body = vars?.body;
      if (body?.operation !== 'upscale' || body.parentId !== parentId) return -1;
      const imageNo = body.params.imageNo;
      return typeof imageNo === 'number' ? imageNo : -1;
    },
  }).filter((n) => n >= 0);
}
