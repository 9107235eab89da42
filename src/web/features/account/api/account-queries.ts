import { queryOptions } from '@tanstack/react-query';
import { accountEnvelopeSchema } from '../../../../contract/studio-api';
import { requestJson } from '../../../lib/http';

/** Balance moves when jobs finish too, which the studio does not hear about yet. */
const BALANCE_REFRESH_MS = 30_000;

export const accountQueries = {
  all: () => ['account'] as const,
  summary: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'summary'] as const,
      queryFn: async ({ signal }) => {
        const { account } = await requestJson('/studio-api/account', accountEnvelopeSchema, {
          signal,
        });
        return account;
      },
      refetchInterval: BALANCE_REFRESH_MS,
    }),
};
