import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import type { AccountSummary } from '@/contract/account-summary';
import { requestJson } from '@/web/lib/http';
import { isStreamLive } from '@/web/lib/events/stream-store';

/**
 * The proxy pushes the account after every change (`account` events), so it is polled
 * only while the event stream is down.
 */
const STREAM_DOWN_POLL_MS = 5_000;
export const pollWhileStreamDown = (): number | false =>
  isStreamLive() ? false : STREAM_DOWN_POLL_MS;

export const accountQueries = {
  all: () => ['account'] as const,
  summary: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'summary'] as const,
      queryFn: async ({ signal }) => {
        const { account } = await requestJson('/studio-api/account', 'account', {
          signal,
        });
        return account;
      },
      refetchInterval: pollWhileStreamDown,
    }),
  /** Keys of the spending queries (spending-queries.ts, loaded with the account page). */
  spendingAll: () => [...accountQueries.all(), 'spending'] as const,
};

/**
 * An `account` event: the figures the proxy just read. The spending charts are read again
 * too, since the jobs behind the change are in the ledger by now.
 */
export function applyAccountChanged(client: QueryClient, account: AccountSummary): void {
  client.setQueryData(accountQueries.summary().queryKey, account);
  void client.invalidateQueries({ queryKey: accountQueries.spendingAll() });
}
