import { useQuery } from '@tanstack/react-query';
import { formatAmount, formatUsd } from '@/web/lib/format';
import { accountQueries } from '../api/account-queries';
import { useThresholdCredits } from '../stores/threshold-store';
import { availableCredits, lowBalanceReason } from '../utils/balance';

interface LowBalanceBannerProps {
  /** The account page, where the balance and spending are. */
  href: string;
}

/**
 * Across the studio, under the header: the balance is low by the service's own alert or
 * below the threshold the user set. Shown while it is true, from the same live query as
 * the header badge.
 */
export function LowBalanceBanner({ href }: LowBalanceBannerProps) {
  const summary = useQuery(accountQueries.summary());
  const threshold = useThresholdCredits();
  if (!summary.data) return null;
  const account = summary.data;
  const reason = lowBalanceReason(account, threshold);
  if (reason === null) return null;
  const available = availableCredits(account);
  const why =
    reason === 'service'
      ? `the image service's low-balance alert is on${account.alertThresholdUsd === null ? '' : ` (below ${formatUsd(account.alertThresholdUsd)})`}`
      : `below your alert at ${formatAmount(threshold ?? 0)}`;
  return (
    <div
      role="status"
      aria-label="Low balance"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-500/30 bg-amber-500/10 px-5 py-2 text-sm text-amber-100"
    >
      <span>
        <strong className="font-semibold">Low balance:</strong> {formatAmount(available)} (
        {formatUsd(account.balanceUsd)}) left, {why}.
      </span>
      <a href={href} className="font-medium text-amber-50 underline">
        See the account
      </a>
    </div>
  );
}
