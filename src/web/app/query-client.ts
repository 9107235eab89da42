import { MutationCache, QueryClient, matchMutation } from '@tanstack/react-query';
import { accountQueries } from '../features/account';
import { jobMutationKeys, type CreateJobVariables } from '../jobs/api/job-mutations';
import { ResponseShapeError, StudioApiError } from '../lib/http';
import { isStreamLive } from '../lib/events/stream-store';
import { currentUpstream, outageRefusal } from '../lib/events/upstream-store';
import { uncoveredCreate } from './create-guard';

/**
 * Retry what may pass on a second try (no answer, 5xx, 429); never a refusal or a
 * response that broke the contract, which would only fail again, slower.
 */
export function shouldRetry(failures: number, err: unknown): boolean {
  if (failures >= 2) return false;
  if (err instanceof ResponseShapeError) return false;
  if (err instanceof StudioApiError) {
    const { status } = err.studio;
    return status >= 500 || status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // The balance is an account concern, job creation a jobs one: features do not know
    // each other, so the app wires "a job was created" to "refresh the balance" here,
    // while the event stream is down: with it up, the proxy pushes the figures the create
    // moved (an `account` event), and a read of its own would only cost the service one.
    mutationCache: new MutationCache({
      // A create the service cannot take now (unreachable: the header's own state) or the
      // balance cannot cover fails here, before its request is sent.
      onMutate: (variables, mutation) => {
        if (!matchMutation({ mutationKey: jobMutationKeys.create() }, mutation)) return;
        const refused =
          outageRefusal(currentUpstream(), Date.now()) ??
          uncoveredCreate(client, (variables as CreateJobVariables).body);
        if (refused) throw new StudioApiError(refused);
      },
      onSuccess: (_data, _vars, _result, mutation) => {
        if (isStreamLive()) return;
        if (matchMutation({ mutationKey: jobMutationKeys.create() }, mutation)) {
          void client.invalidateQueries({ queryKey: accountQueries.all() });
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 5_000 },
    },
  });
  return client;
}
