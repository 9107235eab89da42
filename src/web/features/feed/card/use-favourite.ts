import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@/contract/studio-api';
import { jobMutations } from '@/web/jobs/api/job-mutations';

export interface Favourite {
  on: boolean;
  toggle: () => void;
  /** The last toggle the server refused, and which way it went. */
  error: { cause: unknown; on: boolean } | null;
  dismissError: () => void;
}

/** A card's star: the job's own flag (changed at once by the mutation) and its failure. */
export function useFavourite(job: Job): Favourite {
  const client = useQueryClient();
  const mutation = useMutation(jobMutations.favourite(client));
  const on = job.favourite ?? false;
  const toggle = () => {
    // One request at a time per card, so a rollback always restores what the server has.
    if (mutation.isPending) return;
    mutation.mutate({ id: job.id, on: !on });
  };
  const failed = mutation.isError ? mutation.variables : undefined;
  return {
    on,
    toggle,
    error: failed ? { cause: mutation.error, on: failed.on } : null,
    dismissError: mutation.reset,
  };
}
