import { useId } from 'react';
import type { LedgerJob, Spending } from '@/contract/spending';
import { StackedTable } from '@/web/components/ui/stacked-table';
import { formatNumber } from '@/web/lib/format';
import { taskTypeLabel } from '@/web/lib/task-labels';
import type { DayRow, Series, SpendingSplit } from '../utils/spending-rows';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const th = 'px-3 py-2 text-left text-xs font-medium text-zinc-500';
const num = 'px-3 py-2 text-right font-mono text-zinc-200 tabular-nums';
const td = 'px-3 py-2 text-zinc-200';

interface DailyTableProps {
  rows: DayRow[];
  series: Series[];
  split: SpendingSplit;
}

/**
 * The chart's figures as a table: one row per local day, a column per operation (or person). With
 * many operations it is wider than a phone; it then scrolls sideways in its own box (a
 * named region, reached by Tab so the arrow keys scroll it), not the page.
 */
export function DailyTable({ rows, series, split }: DailyTableProps) {
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
          Credits consumed per day, by {split}
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

/** One row of a totals table: an operation's or a person's jobs and credits. */
interface TotalsRow {
  key: string;
  label: string;
  jobs: number;
  consumed: number;
  refunded: number;
}

interface TotalsTableProps {
  caption: string;
  /** The first column's header: what a row is. */
  what: string;
  rows: TotalsRow[];
  /** All consumed in the range, of which each row's share is shown. */
  total: number;
  testId: string;
  /** The row's data attribute naming its key (`data-operation`, `data-person`). */
  keyAttribute: `data-${string}`;
}

/** Totals per operation or per person over the range, with each one's share of the whole. */
function TotalsTable({ caption, what, rows, total, testId, keyAttribute }: TotalsTableProps) {
  if (rows.length === 0) {
    return <p className="px-5 py-4 text-sm text-zinc-500">No jobs in this range.</p>;
  }
  return (
    <StackedTable
      caption={caption}
      showCaption
      testId={testId}
      columns={[
        { header: what },
        { header: 'Jobs', numeric: true },
        { header: 'Consumed', numeric: true },
        { header: 'Refunded', numeric: true },
        { header: 'Share' },
      ]}
      rows={rows}
      rowKey={(o) => o.key}
      rowAttributes={(o) => ({ [keyAttribute]: o.key, 'data-consumed': o.consumed })}
      cells={(o) => {
        const share = Math.round((total > 0 ? o.consumed / total : 0) * 100);
        return [
          o.label,
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

/** Totals per operation over the range, with each one's share of what was consumed. */
export function OperationsTable({ spending }: { spending: Spending }) {
  return (
    <TotalsTable
      caption="Totals per operation"
      what="Operation"
      rows={spending.operations.map((o) => ({
        ...o,
        key: o.operation,
        label: taskTypeLabel(o.operation),
      }))}
      total={spending.totals.consumed}
      testId="operations-table"
      keyAttribute="data-operation"
    />
  );
}

/** Totals per person (who made the jobs) over the range, with each one's share. */
export function PeopleTable({ spending }: { spending: Spending }) {
  // With no jobs, the operations' table says so once.
  if (spending.people.length === 0) return null;
  return (
    <TotalsTable
      caption="Totals per person"
      what="Person"
      rows={spending.people.map((p) => ({ ...p, key: p.id, label: p.name }))}
      total={spending.totals.consumed}
      testId="people-table"
      keyAttribute="data-person"
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
