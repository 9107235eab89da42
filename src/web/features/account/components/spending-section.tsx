import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SPENDING_RANGES, type Spending, type SpendingRange } from '@/contract/spending';
import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { describeError } from '@/web/lib/describe-error';
import { formatAmount, formatNumber } from '@/web/lib/format';
import { ledgerCsvUrl, localTimeZone, spendingQuery } from '../api/spending-queries';
import { daysLeft } from '../utils/balance';
import { dayRows, seriesOf, type SpendingSplit } from '../utils/spending-rows';
import { CardHeader, Figure, cardClass } from './figure';
import { SpendingChart } from './spending-chart';
import { DailyTable, LedgerJobs, OperationsTable, PeopleTable } from './spending-tables';

interface SpendingSectionProps {
  range: SpendingRange;
  onRangeChange: (range: SpendingRange) => void;
  /** Available credits now, for how long they last at the last week's rate (null: unknown). */
  available: number | null;
  jobHref: (id: string) => string;
}

const RANGE_OPTIONS = SPENDING_RANGES.map((d) => ({ value: String(d), label: `${d} days` }));
const SPLIT_OPTIONS = [
  { value: 'operation', label: 'Operation' },
  { value: 'person', label: 'Person' },
];

function Runway({ spending, available }: { spending: Spending; available: number | null }) {
  const { perDay } = spending.last7Days;
  if (available === null) return null;
  const days = daysLeft(available, perDay);
  return (
    <p className="text-sm text-zinc-400" data-testid="runway">
      {days === null
        ? 'Nothing was spent in the last 7 days.'
        : `At the last 7 days’ rate (${formatNumber(Math.round(perDay))} credits a day), the balance lasts about ${formatNumber(days)} ${days === 1 ? 'day' : 'days'}.`}
    </p>
  );
}

function Totals({ spending }: { spending: Spending }) {
  const { totals } = spending;
  return (
    <dl className="grid grid-cols-1 gap-px bg-zinc-800 sm:grid-cols-3">
      <Figure label="Consumed" value={totals.consumed} testId="spending-consumed">
        {formatAmount(totals.consumed)}
      </Figure>
      <Figure
        label="Refunded"
        value={totals.refunded}
        testId="spending-refunded"
        note="Given back by failed jobs."
      >
        {formatAmount(totals.refunded)}
      </Figure>
      <Figure label="Jobs" value={totals.jobs} testId="spending-jobs">
        {formatNumber(totals.jobs)}
      </Figure>
    </dl>
  );
}

function SpendingBody({
  spending,
  available,
  jobHref,
}: { spending: Spending } & Omit<SpendingSectionProps, 'range' | 'onRangeChange'>) {
  const [asTable, setAsTable] = useState(false);
  const [split, setSplit] = useState<SpendingSplit>('operation');
  const series = useMemo(() => seriesOf(spending, split), [spending, split]);
  const rows = useMemo(() => dayRows(spending, series, split), [spending, series, split]);
  const by = split === 'person' ? ', by person,' : '';
  const summary = `Credits consumed per day${by} over the last ${spending.days} days: ${formatAmount(spending.totals.consumed)} in all.`;
  return (
    <>
      <Totals spending={spending} />
      <div className="space-y-3 px-5 py-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Runway spending={spending} available={available} />
          <SegmentedControl
            label="Split by"
            options={SPLIT_OPTIONS}
            value={split}
            onChange={(v) => setSplit(v === 'person' ? 'person' : 'operation')}
          />
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Show chart' : 'Show as table'}
          </Button>
        </div>
        {asTable ? (
          <DailyTable rows={rows} series={series} split={split} />
        ) : (
          <SpendingChart rows={rows} series={series} summary={summary} />
        )}
      </div>
      <div className="grid gap-px border-t border-zinc-800 bg-zinc-800 lg:grid-cols-2">
        <div className="bg-zinc-900">
          <OperationsTable spending={spending} />
          <PeopleTable spending={spending} />
        </div>
        <div className="bg-zinc-900">
          <LedgerJobs
            caption="Most expensive jobs"
            jobs={spending.top}
            amount="consumed"
            empty="Nothing consumed in this range."
            jobHref={jobHref}
            testId="top-jobs"
          />
          <LedgerJobs
            caption="Refunds"
            jobs={spending.refunds}
            amount="refunded"
            empty="No refunds in this range."
            jobHref={jobHref}
            testId="refunds"
          />
        </div>
      </div>
    </>
  );
}

/**
 * Where the credits went, from the studio's own ledger: per local day and operation over
 * 7, 30 or 90 days, totals, the most expensive jobs, refunds, the burn rate, and the
 * ledger as CSV. Read again whenever the account changes.
 */
export function SpendingSection({
  range,
  onRangeChange,
  available,
  jobHref,
}: SpendingSectionProps) {
  const tz = localTimeZone();
  const spending = useQuery({
    ...spendingQuery(range, tz),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="spending-heading" className={cardClass}>
      <CardHeader id="spending-heading" title="Where the credits went">
        <SegmentedControl
          label="Range"
          options={RANGE_OPTIONS}
          value={String(range)}
          onChange={(v) => {
            const next = SPENDING_RANGES.find((d) => String(d) === v);
            if (next) onRangeChange(next);
          }}
        />
        <span className="text-xs text-zinc-500">Days are your local days ({tz}).</span>
        <span className="ml-auto flex gap-3 text-xs">
          <a href={ledgerCsvUrl(range, tz)} download className="text-indigo-300 underline">
            Export CSV ({range} days)
          </a>
          <a href={ledgerCsvUrl(null, tz)} download className="text-indigo-300 underline">
            Export CSV (all jobs)
          </a>
        </span>
      </CardHeader>
      {spending.data ? (
        <SpendingBody spending={spending.data} available={available} jobHref={jobHref} />
      ) : spending.isError ? (
        <ErrorBanner
          className="m-5"
          title={`Could not load the spending: ${describeError(spending.error).title}`}
          action={
            <Button size="sm" onClick={() => void spending.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <div aria-busy="true" className="h-96 animate-pulse bg-zinc-900" />
      )}
    </section>
  );
}
