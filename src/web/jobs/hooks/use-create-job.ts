import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import { isOutageRefusal, useUpstreamStatus } from '@/web/lib/events/upstream-store';
import { isCreateInFlight, jobMutations, submitVariables } from '../api/job-mutations';

/**
 * Creates a job (a prompt or a follow-up). `submit` ignores a repeat of a create still on
 * its way. Each submit gets its own Idempotency-Key, except a repeat of one whose outcome
 * is unknown, which sends that key again (`submitVariables`).
 */
export function useCreateJob() {
  const client = useQueryClient();
  const mutation = useMutation(jobMutations.create(client));
  const { mutate, mutateAsync } = mutation;
  const { reachable } = useUpstreamStatus();

  const submit = useCallback(
    (body: CreateJobRequest) => {
      if (isCreateInFlight(client, body)) return;
      mutate(submitVariables(body));
    },
    [client, mutate],
  );

  /**
   * The same, for a form that stays open until the job exists: resolves with it, or
   * rejects with the reason, so the form can show it and keep what the user made.
   */
  const submitAndWait = useCallback(
    (body: CreateJobRequest) => mutateAsync(submitVariables(body)),
    [mutateAsync],
  );

  return {
    submit,
    submitAndWait,
    isPending: mutation.isPending,
    // A create refused for an outage tells of the header's state, not of the create: it
    // goes the moment the header says the service answers again.
    error: reachable && isOutageRefusal(mutation.error) ? null : mutation.error,
    reset: mutation.reset,
    variables: mutation.variables,
    /** The job the last submit created, once the server answered. */
    created: mutation.data ?? null,
  };
}
