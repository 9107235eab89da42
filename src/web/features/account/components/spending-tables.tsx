import type { LedgerJob, Spending } from '@/contract/spending';
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

/** The chart's figures as a table: one row per local day. */
export function DailyTable({ rows, series }: { rows: DayRow[]; series: Series[] }) {
  return (
    <table className="w-full text-sm" data-testid="daily-table">
      <caption className="sr-only">Credits consumed per day, by operation</caption>
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
            <th scope="row" className={`${td} text-left font-normal`}>
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
  );
}

/** Totals per operation over the range, with each one's share of what was consumed. */
export function OperationsTable({ spending }: { spending: Spending }) {
  const total = spending.totals.consumed;
  if (spending.operations.length === 0) {
    return <p className="px-5 py-4 text-sm text-zinc-500">No jobs in this range.</p>;
  }
  return (
    <table className="w-full text-sm" data-testid="operations-table">
      <caption className="px-3 pt-3 text-left text-xs font-medium text-zinc-400">
        Totals per operation
      </caption>
      <thead>
        <tr>
          <th className={th}>Operation</th>
          <th className={`${th} text-right`}>Jobs</th>
          <th className={`${th} text-right`}>Consumed</th>
          <th className={`${th} text-right`}>Refunded</th>
          <th className={th}>Share</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-800">
        {spending.operations.map((o) => {
          const share = total > 0 ? o.consumed / total : 0;
          return (
            <tr key={o.operation} data-operation={o.operation} data-consumed={o.consumed}>
              <th scope="row" className={`${td} text-left font-normal`}>
                {taskTypeLabel(o.operation)}
              </th>
              <td className={num}>{formatNumber(o.jobs)}</td>
              <td className={num}>{formatNumber(o.consumed)}</td>
              <td className={num}>{formatNumber(o.refunded)}</td>
              <td className={td}>
                <span className="sr-only">{Math.round(share * 100)}%</span>
                <span aria-hidden="true" className="block h-1.5 w-24 rounded bg-zinc-800">
                  <span
                    className="block h-1.5 rounded bg-indigo-400"
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
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
  return (
    <div>
      <h3 className="px-3 pt-3 pb-1 text-xs font-medium text-zinc-400">{caption}</h3>
      {jobs.length === 0 ? (
        <p className="px-3 pb-3 text-sm text-zinc-500">{empty}</p>
      ) : (
        <table className="w-full text-sm" data-testid={testId}>
          <thead>
            <tr>
              <th className={th}>Job</th>
              <th className={th}>Speed</th>
              <th className={th}>When</th>
              <th className={`${th} text-right`}>
                {amount === 'consumed' ? 'Consumed' : 'Refunded'}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {jobs.map((j) => (
              <tr key={j.id} data-job={j.id}>
                {/* w-full with max-w-0: the cell takes the room left and truncates in it. */}
                <td className={`${td} w-full max-w-0`}>
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
                  </div>
                </td>
                <td className={td}>{j.speed}</td>
                <td className={`${td} whitespace-nowrap text-zinc-400`}>
                  {when.format(Date.parse(j.createdAt))}
                </td>
                <td className={num}>{formatNumber(j[amount])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
