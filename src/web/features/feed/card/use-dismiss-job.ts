import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobMutations } from '@/web/jobs/api/job-mutations';

/** Removes a job from the history, once, with the server's refusal kept to show. */
export function useDismissJob(id: string) {
  const client = useQueryClient();
  const mutation = useMutation(jobMutations.remove(client));
  return {
    dismiss: () => {
      if (!mutation.isPending) mutation.mutate(id);
    },
    pending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
}
