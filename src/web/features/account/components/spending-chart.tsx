import { useState } from 'react';
import { formatNumber } from '@/web/lib/format';
import { labelStep, niceTicks } from '../utils/chart-scale';
import type { DayRow, Series } from '../utils/spending-rows';

interface SpendingChartProps {
  rows: DayRow[];
  series: Series[];
  /** A sentence a screen reader hears instead of the bars (the table has the figures). */
  summary: string;
}

const HEIGHT = 260;
const AXIS = 'text-[11px] [color:var(--chart-axis)]';

const valueOf = (row: DayRow, key: string): number => {
  const v = row[key];
  return typeof v === 'number' ? v : 0;
};

/** The day under the pointer: its total and each operation's part, largest first. */
function DayTooltip({ row, series }: { row: DayRow; series: Series[] }) {
  const parts = series
    .map((s) => ({ s, v: valueOf(row, s.key) }))
    .filter((p) => p.v > 0)
    .sort((a, b) => b.v - a.v);
  return (
    <div
      data-testid="chart-tooltip"
      className="pointer-events-none absolute top-1 right-1 z-10 rounded-md border px-2 py-1 text-xs shadow [background:var(--chart-tooltip-bg)] [border-color:var(--chart-tooltip-border)] [color:var(--chart-text)]"
    >
      <p className="font-semibold">
        {row.label}: {formatNumber(row.total)} credits
      </p>
      {parts.map(({ s, v }) => (
        <p key={s.key} className="flex items-center gap-1.5">
          <span className="size-2 rounded-sm" style={{ background: s.color }} />
          {s.label} {formatNumber(v)}
        </p>
      ))}
    </div>
  );
}

/** One day: its operations stacked from the bottom, each as tall as its share of `top`. */
function DayBar(props: {
  row: DayRow;
  series: Series[];
  top: number;
  onHover: (day: string | null) => void;
}) {
  const { row, series, top, onHover } = props;
  return (
    <div
      className="flex h-full min-w-0 flex-1 flex-col-reverse hover:[background:var(--chart-cursor)]"
      onPointerEnter={() => onHover(row.day)}
      onPointerLeave={() => onHover(null)}
    >
      {series.map((s) => {
        const v = valueOf(row, s.key);
        return v > 0 ? (
          <div
            key={s.key}
            data-segment={s.key}
            style={{ height: `${(v / top) * 100}%`, background: s.color }}
          />
        ) : null;
      })}
    </div>
  );
}

/**
 * Credits consumed per local day, stacked by operation: plain boxes laid out by the
 * browser, so the chart is there in the same frame as the data (no chart library to load,
 * nothing measured in the page).
 */
export function SpendingChart({ rows, series, summary }: SpendingChartProps) {
  const [hovered, setHovered] = useState<string | null>(null);
  const ticks = niceTicks(Math.max(0, ...rows.map((r) => r.total)));
  const top = ticks.at(-1) ?? 1;
  const step = labelStep(rows.length);
  const hoveredRow = rows.find((r) => r.day === hovered);
  return (
    <div>
      <div role="img" aria-label={summary} data-testid="spending-chart" className="relative">
        <div className="flex" style={{ height: HEIGHT }}>
          <div className={`relative w-14 shrink-0 ${AXIS}`}>
            {ticks.map((t) => (
              <span
                key={t}
                className="absolute right-1 translate-y-1/2"
                style={{ bottom: `${(t / top) * 100}%` }}
              >
                {formatNumber(t)}
              </span>
            ))}
          </div>
          <div className="relative flex-1 border-b [border-color:var(--chart-grid)]">
            {ticks.map((t) => (
              <div
                key={t}
                className="absolute inset-x-0 border-t [border-color:var(--chart-grid)]"
                style={{ bottom: `${(t / top) * 100}%` }}
              />
            ))}
            <div className="relative flex h-full items-end gap-px">
              {rows.map((r) => (
                <DayBar key={r.day} row={r} series={series} top={top} onHover={setHovered} />
              ))}
            </div>
          </div>
        </div>
        <div className={`ml-14 flex ${AXIS}`}>
          {rows.map((r, i) => (
            <span
              key={r.day}
              className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap"
            >
              {i % step === 0 ? r.label : ''}
            </span>
          ))}
        </div>
        {hoveredRow ? <DayTooltip row={hoveredRow} series={series} /> : null}
      </div>
      <ul
        aria-hidden="true"
        className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs [color:var(--chart-text)]"
      >
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
