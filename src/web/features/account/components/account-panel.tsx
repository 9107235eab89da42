import { useQuery } from '@tanstack/react-query';
import type { SpendingRange } from '@/contract/spending';
import { LoadError } from '@/web/components/ui/request-error';
import { accountQueries } from '../api/account-queries';
import { availableCredits } from '../utils/balance';
import { ActiveTasksCard } from './active-tasks-card';
import { BalanceCard } from './balance-card';
import { ProfileCard } from './profile-card';
import { SpendingSection } from './spending-section';

interface AccountPanelProps {
  range: SpendingRange;
  onRangeChange: (range: SpendingRange) => void;
  /** Where a job's card is, by its handle. */
  jobHref: (id: string) => string;
}

/**
 * The account dashboard: the balance and the active tasks as the service reports them
 * (pushed live), where the credits went (the studio's ledger), and the profile and plan.
 */
export function AccountPanel({ range, onRangeChange, jobHref }: AccountPanelProps) {
  const summary = useQuery(accountQueries.summary());
  const account = summary.data;
  // The spending comes from the studio's own ledger: it loads beside the account, not
  // after it.
  const spending = (
    <SpendingSection
      range={range}
      onRangeChange={onRangeChange}
      available={account ? availableCredits(account) : null}
      jobHref={jobHref}
    />
  );
  if (!account) {
    return (
      <div className="space-y-6">
        {summary.isError ? (
          <LoadError what="load the account" error={summary.error} onRetry={summary.refetch} />
        ) : null}
        {summary.isPending ? (
          <div aria-busy="true" className="h-64 animate-pulse rounded-lg bg-zinc-900" />
        ) : null}
        {spending}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <BalanceCard account={account} />
      <ActiveTasksCard account={account} jobHref={jobHref} />
      {spending}
      <ProfileCard account={account} />
    </div>
  );
}
