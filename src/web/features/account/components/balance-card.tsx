import type { AccountSummary } from '@/contract/account-summary';
import { Badge } from '@/web/components/ui/badge';
import { formatAmount, formatDateTime, formatNumber, formatUsd } from '@/web/lib/format';
import { useThresholdCredits } from '../stores/threshold-store';
import { availableCredits, lowBalanceReason } from '../utils/balance';
import { CardHeader, Figure, cardClass } from './figure';
import { ThresholdField } from './threshold-field';

const usd = (credits: number) => formatUsd(credits / 1000);

/** Where the available figure comes from, when the wallet holds points too. */
function PointsNote({ account }: { account: AccountSummary }) {
  if (account.availablePoints === 0) {
    return <>All of it credits. 1 credit = $0.001.</>;
  }
  return (
    <>
      {formatAmount(account.availableCredits)} from credit packs and{' '}
      {formatAmount(account.availablePoints, 'point')} from the plan’s wallet. Points are spent like
      credits: 1 point = 1 credit = $0.001.
    </>
  );
}

/**
 * Available, frozen and used, in credits with USD beside them, read from the service and
 * pushed on every change; the low-balance state and the user's own threshold.
 */
export function BalanceCard({ account }: { account: AccountSummary }) {
  const threshold = useThresholdCredits();
  const low = lowBalanceReason(account, threshold);
  const available = availableCredits(account);
  const unknown = 'Not reported by the service';
  return (
    <section aria-labelledby="balance-heading" className={cardClass}>
      <CardHeader id="balance-heading" title="Balance">
        {low ? <Badge tone="warning">low balance</Badge> : null}
        <span className="ml-auto text-xs text-zinc-500">
          Read from the service {formatDateTime(account.readAt)}
        </span>
      </CardHeader>
      <dl className="grid grid-cols-1 gap-px bg-zinc-800 sm:grid-cols-3">
        <Figure
          label="Available"
          value={available}
          testId="balance-available"
          note={<PointsNote account={account} />}
        >
          {formatAmount(available)}{' '}
          <span
            data-testid="balance-usd"
            data-value={account.balanceUsd}
            className="text-sm text-zinc-400"
          >
            {formatUsd(account.balanceUsd)}
          </span>
        </Figure>
        <Figure
          label="Frozen"
          value={account.frozenCredits}
          testId="balance-frozen"
          note="Held by tasks that are running; given back if they fail."
        >
          {account.frozenCredits === null ? unknown : formatAmount(account.frozenCredits)}{' '}
          {account.frozenCredits === null ? null : (
            <span className="text-sm text-zinc-400">{usd(account.frozenCredits)}</span>
          )}
        </Figure>
        <Figure
          label="Used"
          value={account.usedCredits}
          testId="balance-used"
          note="Spent for good by finished tasks, on this key or any other."
        >
          {account.usedCredits === null ? unknown : formatAmount(account.usedCredits)}{' '}
          {account.usedCredits === null ? null : (
            <span className="text-sm text-zinc-400">{usd(account.usedCredits)}</span>
          )}
        </Figure>
      </dl>
      <div className="grid gap-4 border-t border-zinc-800 px-5 py-4 text-sm text-zinc-400 sm:grid-cols-2">
        <p data-testid="service-alert">
          The service’s low-balance alert is{' '}
          <strong className="text-zinc-200">{account.lowBalance ? 'on' : 'off'}</strong>
          {account.alertThresholdUsd === null
            ? '.'
            : ` (it turns on below ${formatUsd(account.alertThresholdUsd)}, ${formatNumber(account.alertThresholdUsd * 1000)} credits).`}
        </p>
        <ThresholdField />
      </div>
    </section>
  );
}
