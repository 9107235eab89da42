import { useQuery } from '@tanstack/react-query';
import { cn } from '@/web/lib/cn';
import { describeError } from '@/web/lib/describe-error';
import { formatAmount } from '@/web/lib/format';
import { accountQueries } from '../api/account-queries';
import { BALANCE_BADGE as base, BalancePlaceholder } from './balance-placeholder';
import { useThresholdCredits } from '../stores/threshold-store';
import { availableCredits, lowBalanceReason } from '../utils/balance';

interface BalanceWidgetProps {
  /** Where a click leads: the account page. */
  href: string;
}

/** Available credits in the header; a link to the account page for the details. */
export function BalanceWidget({ href }: BalanceWidgetProps) {
  const summary = useQuery(accountQueries.summary());
  const threshold = useThresholdCredits();

  if (summary.isPending) return <BalancePlaceholder href={href} />;
  if (summary.isError && !summary.data) {
    return (
      <a
        href={href}
        aria-label="Balance: unavailable"
        title={describeError(summary.error).title}
        className={cn(base, 'text-zinc-500')}
      >
        Balance unavailable
      </a>
    );
  }

  const lowBalance = lowBalanceReason(summary.data, threshold) !== null;
  const credits = formatAmount(availableCredits(summary.data), 'credit');
  return (
    <a
      href={href}
      aria-label={`Balance: ${credits}`}
      title={lowBalance ? 'Balance is low' : 'Available credits'}
      className={cn(base, 'text-zinc-200')}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', lowBalance ? 'bg-amber-400' : 'bg-emerald-400')}
      />
      <span className="font-mono tabular-nums">{credits}</span>
    </a>
  );
}
