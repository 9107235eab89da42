import { useMutationState } from '@tanstack/react-query';
import type { Job } from '../../../../contract/studio-api';
import type { CreateJobVariables } from '../api/job-mutations';
import { jobMutationKeys } from '../api/job-mutations';
import type { CreateParams } from '../utils/job-title';

/**
 * The params a job was created with, when this browser session created it: the create
 * mutation that answered with the job still holds its request. The studio API does not
 * send a job's params back, so a reloaded page names a pan "Pan" rather than "Pan left".
 */
export function useCreateParams(jobId: string): CreateParams {
  const found = useMutationState({
    filters: {
      mutationKey: jobMutationKeys.create(),
      status: 'success',
      predicate: (m) => (m.state.data as Job | undefined)?.id === jobId,
    },
    select: (m) => (m.state.variables as CreateJobVariables | undefined)?.body.params ?? null,
  });
  return found[0] ?? null;
}
