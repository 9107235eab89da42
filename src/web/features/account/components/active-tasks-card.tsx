import type { AccountSummary } from '@/contract/account-summary';
import { StackedTable } from '@/web/components/ui/stacked-table';
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

/** Elapsed since the service created the task; the browser's clock, so never negative. */
function Elapsed({ since, now }: { since: string | null; now: number }) {
  const t = since === null ? Number.NaN : Date.parse(since);
  return <>{Number.isNaN(t) ? '—' : formatElapsed(now - t)}</>;
}

const figures = 'font-mono tabular-nums';

function TaskTable({ account, jobHref }: ActiveTasksCardProps) {
  const now = useSeconds();
  if (account.tasks.length === 0) {
    return <p className="px-5 py-4 text-sm text-zinc-500">Nothing is running.</p>;
  }
  return (
    <StackedTable
      caption="Active tasks, oldest first"
      columns={[
        { header: 'Operation' },
        { header: 'State' },
        { header: 'Elapsed', className: figures },
        { header: 'Job' },
      ]}
      rows={account.tasks}
      rowKey={(t, i) => t.id ?? `other-${i}`}
      rowAttributes={(t) => ({ 'data-testid': 'active-task', 'data-status': t.status })}
      cells={(t) => [
        taskTypeLabel(t.operation),
        t.status,
        <Elapsed since={t.createdAt} now={now} />,
        t.id === null ? (
          <span className="text-zinc-500">another client on this key</span>
        ) : (
          <a href={jobHref(t.id)} className="text-indigo-300 underline">
            Open job
          </a>
        ),
      ]}
    />
  );
}

const COUNTS = [
  ['staged', 'Staged'],
  ['pending', 'Pending'],
  ['processing', 'Processing'],
  ['retry', 'Retry'],
] as const;

function ByModel({ account }: { account: AccountSummary }) {
  if (account.byModel === null) {
    return <p className="px-5 py-3 text-xs text-zinc-500">The service sent no per-model counts.</p>;
  }
  return (
    <StackedTable
      caption="By model, as the service counts them"
      showCaption
      columns={[
        { header: 'Model' },
        ...COUNTS.map(([, header]) => ({ header, className: figures })),
      ]}
      rows={Object.entries(account.byModel)}
      rowKey={([model]) => model}
      rowAttributes={() => ({ 'data-testid': 'by-model' })}
      cells={([model, c]) => [model, ...COUNTS.map(([k]) => formatNumber(c[k]))]}
    />
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
      {account.studioQueued ? (
        <p
          className="border-t border-zinc-800 px-5 py-3 text-sm text-zinc-300"
          data-testid="studio-queued"
        >
          {formatNumber(account.studioQueued)}{' '}
          {account.studioQueued === 1 ? 'create waits' : 'creates wait'} in the studio’s queue, not
          sent to the service yet.
        </p>
      ) : null}
      <TaskTable account={account} jobHref={jobHref} />
      <div className="border-t border-zinc-800">
        <ByModel account={account} />
      </div>
    </section>
  );
}
