import { queryOptions } from '@tanstack/react-query';
import type { SpendingRange } from '@/contract/spending';
import { requestJson } from '@/web/lib/http';
import { accountQueries, pollWhileStreamDown } from './account-queries';

let zone: string | null = null;
/** The browser's own time zone (read once: it costs a formatter): days are local days. */
export const localTimeZone = (): string =>
  (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

const search = (days: SpendingRange | null, tz: string): string =>
  new URLSearchParams(days === null ? { tz } : { days: String(days), tz }).toString();

/**
 * Where the credits went, under the account factory's keys (`accountQueries.spendingAll`),
 * so an `account` event reads it again. A module of its own: only the account page's
 * chunk carries the schema.
 */
export const spendingQuery = (days: SpendingRange, tz: string) =>
  queryOptions({
    queryKey: [...accountQueries.spendingAll(), days, tz] as const,
    queryFn: async ({ signal }) => {
      const { spending } = await requestJson(
        `/studio-api/account/spending?${search(days, tz)}`,
        'spending',
        { signal },
      );
      return spending;
    },
    refetchInterval: pollWhileStreamDown,
  });

/** The CSV export's address (a plain download link); every job when `days` is null. */
export const ledgerCsvUrl = (days: SpendingRange | null, tz: string): string =>
  `/studio-api/account/ledger.csv?${search(days, tz)}`;
