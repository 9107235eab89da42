import { useId } from 'react';
import type { LedgerJob, Spending } from '@/contract/spending';
import { StackedTable } from '@/web/components/ui/stacked-table';
import { formatNumber } from '@/web/lib/format';
import { taskTypeLabel } from '@/web/lib/task-labels';
import type { DayRow, Series } from '../utils/spending-rows';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const th = 'px-3 py-2 text-left text-xs font-medium text-zinc-500';
const num = 'px-3 py-2 text-right font-mono text-zinc-200 tabular-nums';
const td = 'px-3 py-2 text-zinc-200';

/**
 * The chart's figures as a table: one row per local day, a column per operation. With
 * many operations it is wider than a phone; it then scrolls sideways in its own box (a
 * named region, reached by Tab so the arrow keys scroll it), not the page.
 */
export function DailyTable({ rows, series }: { rows: DayRow[]; series: Series[] }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-400"
    >
      <table className="w-full text-sm" data-testid="daily-table">
        <caption id={captionId} className="sr-only">
          Credits consumed per day, by operation
        </caption>
        <thead>
          <tr>
            <th className={th}>Day</th>
            {series.map((s) => (
              <th key={s.key} className={`${th} text-right`}>
                {s.label}
              </th>
            ))}
            <th className={`${th} text-right`}>Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {rows.map((r) => (
            <tr key={r.day} data-day={r.day} data-total={r.total}>
              <th scope="row" className={`${td} text-left font-normal whitespace-nowrap`}>
                {r.label}
              </th>
              {series.map((s) => (
                <td key={s.key} className={num}>
                  {formatNumber(Number(r[s.key]) || 0)}
                </td>
              ))}
              <td className={num}>{formatNumber(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Totals per operation over the range, with each one's share of what was consumed. */
export function OperationsTable({ spending }: { spending: Spending }) {
  const total = spending.totals.consumed;
  if (spending.operations.length === 0) {
    return <p className="px-5 py-4 text-sm text-zinc-500">No jobs in this range.</p>;
  }
  return (
    <StackedTable
      caption="Totals per operation"
      showCaption
      testId="operations-table"
      columns={[
        { header: 'Operation' },
        { header: 'Jobs', numeric: true },
        { header: 'Consumed', numeric: true },
        { header: 'Refunded', numeric: true },
        { header: 'Share' },
      ]}
      rows={spending.operations}
      rowKey={(o) => o.operation}
      rowAttributes={(o) => ({ 'data-operation': o.operation, 'data-consumed': o.consumed })}
      cells={(o) => {
        const share = Math.round((total > 0 ? o.consumed / total : 0) * 100);
        return [
          taskTypeLabel(o.operation),
          formatNumber(o.jobs),
          formatNumber(o.consumed),
          formatNumber(o.refunded),
          <>
            <span className="sr-only">{share}%</span>
            {/* Stacked, the bar fills its quarter of the row, up to the table's 6rem. */}
            <span
              aria-hidden="true"
              className="block h-1.5 w-24 rounded bg-zinc-800 @max-lg:mt-1.5 @max-lg:w-full @max-lg:max-w-24"
            >
              <span className="block h-1.5 rounded bg-indigo-400" style={{ width: `${share}%` }} />
            </span>
          </>,
        ];
      }}
    />
  );
}

interface LedgerJobsProps {
  caption: string;
  jobs: LedgerJob[];
  amount: 'consumed' | 'refunded';
  empty: string;
  jobHref: (id: string) => string;
  testId: string;
}

/** The most expensive jobs, or the refunds: each one linked to its card. */
export function LedgerJobs({ caption, jobs, amount, empty, jobHref, testId }: LedgerJobsProps) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="px-3 pt-3 pb-1 text-xs font-medium text-zinc-400">
        {caption}
      </h3>
      {jobs.length === 0 ? (
        <p className="px-3 pb-3 text-sm text-zinc-500">{empty}</p>
      ) : (
        <StackedTable
          labelledBy={headingId}
          testId={testId}
          columns={[
            // w-full with max-w-0: the cell takes the room left and truncates in it.
            { header: 'Job', className: 'w-full max-w-0 @max-lg:w-auto @max-lg:max-w-none' },
            { header: 'Speed' },
            { header: 'When', wide: true, className: 'whitespace-nowrap text-zinc-400' },
            { header: amount === 'consumed' ? 'Consumed' : 'Refunded', numeric: true },
          ]}
          rows={jobs}
          rowKey={(j) => j.id}
          rowAttributes={(j) => ({ 'data-job': j.id })}
          cells={(j) => [
            <div className="truncate">
              {j.inHistory ? (
                <a href={jobHref(j.id)} className="text-indigo-300 underline">
                  {taskTypeLabel(j.operation)}
                </a>
              ) : (
                <span title="Deleted from the history">{taskTypeLabel(j.operation)}</span>
              )}
              <span className="ml-2 text-zinc-500" title={j.prompt}>
                {j.prompt}
              </span>
            </div>,
            j.speed,
            when.format(Date.parse(j.createdAt)),
            formatNumber(j[amount]),
          ]}
        />
      )}
    </div>
  );
}
