import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { accountEnvelopeSchema, type AccountSummary } from '../../../../contract/account-summary';
import { spendingEnvelopeSchema, type SpendingRange } from '../../../../contract/spending';
import { requestJson } from '../../../lib/http';
import { isStreamLive } from '../../../lib/stream-store';

/**
 * The proxy pushes the account after every change (`account` events), so it is polled
 * only while the event stream is down.
 */
const STREAM_DOWN_POLL_MS = 5_000;
export const pollWhileStreamDown = (): number | false =>
  isStreamLive() ? false : STREAM_DOWN_POLL_MS;

/** The browser's own time zone: spending days are the user's local days. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const spendingQuery = (days: SpendingRange, tz: string) =>
  new URLSearchParams({ days: String(days), tz }).toString();

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
      refetchInterval: pollWhileStreamDown,
    }),
  spendingAll: () => [...accountQueries.all(), 'spending'] as const,
  spending: (days: SpendingRange, tz: string) =>
    queryOptions({
      queryKey: [...accountQueries.spendingAll(), days, tz] as const,
      queryFn: async ({ signal }) => {
        const { spending } = await requestJson(
          `/studio-api/account/spending?${spendingQuery(days, tz)}`,
          spendingEnvelopeSchema,
          { signal },
        );
        return spending;
      },
      refetchInterval: pollWhileStreamDown,
    }),
};

/** The CSV export's address (a plain download link). */
export const ledgerCsvUrl = (days: SpendingRange | null, tz: string): string =>
  `/studio-api/account/ledger.csv?${new URLSearchParams(days === null ? { tz } : { days: String(days), tz }).toString()}`;

/**
 * An `account` event: the figures the proxy just read. The spending charts are read again
 * too, since the jobs behind the change are in the ledger by now.
 */
export function applyAccountChanged(client: QueryClient, account: AccountSummary): void {
  client.setQueryData(accountQueries.summary().queryKey, account);
  void client.invalidateQueries({ queryKey: accountQueries.spendingAll() });
}
