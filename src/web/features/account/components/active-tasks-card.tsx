import type { AccountSummary } from '@/contract/account-summary';
import { formatNumber } from '@/web/lib/format';
import { taskTypeLabel } from '@/web/lib/task-labels';
import { formatElapsed, useSeconds } from '../hooks/use-seconds';
import { slotsUsed, stateCounts } from '../utils/slots';
import { CardHeader, Figure, cardClass } from './figure';

interface ActiveTasksCardProps {
  account: AccountSummary;
  /** Where a task's card is, by its handle. */
  jobHref: (id: string) => string;
}

const th = 'px-3 py-2 text-left text-xs font-medium text-zinc-500';
const td = 'px-3 py-2 text-zinc-200';

/** Elapsed since the service created the task; the browser's clock, so never negative. */
function Elapsed({ since, now }: { since: string | null; now: number }) {
  const t = since === null ? Number.NaN : Date.parse(since);
  return <>{Number.isNaN(t) ? '—' : formatElapsed(now - t)}</>;
}

function TaskTable({ account, jobHref }: ActiveTasksCardProps) {
  const now = useSeconds();
  if (account.tasks.length === 0) {
    return <p className="px-5 py-4 text-sm text-zinc-500">Nothing is running.</p>;
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Active tasks, oldest first</caption>
      <thead>
        <tr>
          <th className={th}>Operation</th>
          <th className={th}>State</th>
          <th className={th}>Elapsed</th>
          <th className={th}>Job</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-800">
        {account.tasks.map((t, i) => (
          <tr key={t.id ?? `other-${i}`} data-testid="active-task" data-status={t.status}>
            <td className={td}>{taskTypeLabel(t.operation)}</td>
            <td className={td}>{t.status}</td>
            <td className={`${td} font-mono tabular-nums`}>
              <Elapsed since={t.createdAt} now={now} />
            </td>
            <td className={td}>
              {t.id === null ? (
                <span className="text-zinc-500">another client on this key</span>
              ) : (
                <a href={jobHref(t.id)} className="text-indigo-300 underline">
                  Open job
                </a>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ByModel({ account }: { account: AccountSummary }) {
  if (account.byModel === null) {
    return <p className="px-5 py-3 text-xs text-zinc-500">The service sent no per-model counts.</p>;
  }
  const models = Object.entries(account.byModel);
  return (
    <table className="w-full text-sm">
      <caption className="px-3 pt-3 text-left text-xs font-medium text-zinc-400">
        By model, as the service counts them
      </caption>
      <thead>
        <tr>
          {['Model', 'Staged', 'Pending', 'Processing', 'Retry'].map((h) => (
            <th key={h} className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-800">
        {models.map(([model, c]) => (
          <tr key={model} data-testid="by-model">
            <td className={td}>{model}</td>
            {[c.staged, c.pending, c.processing, c.retry].map((n, i) => (
              <td key={i} className={`${td} font-mono tabular-nums`}>
                {formatNumber(n)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every unfinished task of the account, its slots and staged queue, kept live. */
export function ActiveTasksCard({ account, jobHref }: ActiveTasksCardProps) {
  const counts = stateCounts(account);
  const used = slotsUsed(counts);
  const limit = account.concurrencyLimit;
  return (
    <section aria-labelledby="active-heading" className={cardClass}>
      <CardHeader id="active-heading" title="Active tasks" />
      <dl className="grid grid-cols-1 gap-px bg-zinc-800 sm:grid-cols-3">
        <Figure label="Active" value={account.activeTasks} testId="active-total">
          {formatNumber(account.activeTasks)}
        </Figure>
        <Figure
          label="Slots in use"
          value={used}
          testId="active-slots"
          note={
            limit === null
              ? 'The service did not say its limit.'
              : 'Pending, processing or retrying.'
          }
        >
          {formatNumber(used)} {limit === null ? null : `of ${formatNumber(limit)}`}
        </Figure>
        <Figure
          label="Staged"
          value={counts.staged}
          testId="active-staged"
          note="Queued until a slot frees."
        >
          {formatNumber(counts.staged)}
        </Figure>
      </dl>
      <TaskTable account={account} jobHref={jobHref} />
      <div className="border-t border-zinc-800">
        <ByModel account={account} />
      </div>
    </section>
  );
}
