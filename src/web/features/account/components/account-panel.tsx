import { useQuery } from '@tanstack/react-query';
import type { AccountSummary } from '../../../../contract/account-summary';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { describeError } from '../../../lib/describe-error';
import { formatNumber, formatUsd } from '../../../lib/format';
import { accountQueries } from '../api/account-queries';
import { availableCredits } from '../utils/balance';

/** The account behind the studio: who, which plan, what is left and what is running. */
export function AccountPanel() {
  const summary = useQuery(accountQueries.summary());
  if (summary.isPending) {
    return <div aria-busy="true" className="h-64 animate-pulse rounded-lg bg-zinc-900" />;
  }
  if (summary.isError && !summary.data) {
    const { title, hint } = describeError(summary.error);
    return (
      <ErrorBanner
        title={`Could not load the account: ${title}`}
        hint={hint}
        action={
          <Button size="sm" onClick={() => void summary.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  return <AccountDetails account={summary.data} />;
}

function AccountDetails({ account }: { account: AccountSummary }) {
  // Eight cells fill the 2- and 4-column grids exactly, with no empty cell left over.
  const maybe = (n: number | null) => (n === null ? '—' : formatNumber(n));
  const rows: [string, string][] = [
    ['Plan', account.plan ?? '—'],
    ['Available credits', formatNumber(availableCredits(account))],
    ['Frozen credits', maybe(account.frozenCredits)],
    ['Used credits', maybe(account.usedCredits)],
    ['Balance', formatUsd(account.balanceUsd)],
    ['Points in the wallet', formatNumber(account.availablePoints)],
    ['Concurrency limit', maybe(account.concurrencyLimit)],
    ['Active tasks', formatNumber(account.activeTasks)],
  ];
  return (
    <section
      aria-labelledby="account-name"
      className="rounded-lg border border-zinc-800 bg-zinc-900/60"
    >
      <header className="flex items-center gap-3 border-b border-zinc-800 px-5 py-4">
        <h2 id="account-name" className="text-base font-semibold text-zinc-100">
          {account.name ?? 'Account'}
        </h2>
        {account.lowBalance ? <Badge tone="warning">low balance</Badge> : null}
      </header>
      <dl className="grid grid-cols-1 gap-px bg-zinc-800 sm:grid-cols-2 lg:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="bg-zinc-900 px-5 py-4">
            <dt className="text-xs text-zinc-500">{label}</dt>
            <dd className="mt-1 font-mono text-lg text-zinc-100 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
