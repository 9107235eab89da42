import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatNumber } from '@/web/lib/format';
import { useChartWidth } from '../hooks/use-chart-width';
import { nextDay } from '../utils/chart-keys';
import type { DayRow, Series } from '../utils/spending-rows';
import { SpendingBars, chartLayout, valueOf } from './spending-bars';

interface SpendingChartProps {
  rows: DayRow[];
  series: Series[];
  /** A sentence a screen reader hears instead of the bars (the table has the figures). */
  summary: string;
}

const HEIGHT = 280;

/** The day under the pointer or the focus: its total and each operation's part, largest first. */
function DayTooltip(props: { row: DayRow; series: Series[]; style: CSSProperties }) {
  const { row, series, style } = props;
  const parts = series
    .map((s) => ({ s, v: valueOf(row, s.key) }))
    .filter((p) => p.v > 0)
    .sort((a, b) => b.v - a.v);
  return (
    <div
      data-testid="chart-tooltip"
      style={style}
      className="pointer-events-none absolute top-1 z-10 rounded-md border px-2 py-1 text-xs whitespace-nowrap shadow [background:var(--chart-tooltip-bg)] [border-color:var(--chart-tooltip-border)] [color:var(--chart-text)]"
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

/** Beside the day's column, on the side with more room. */
function tooltipPlace(rows: DayRow[], day: string, width: number): CSSProperties {
  const { left, x } = chartLayout(rows, width, HEIGHT);
  const start = left + (x(day) ?? 0) - (x.step() - x.bandwidth()) / 2;
  const end = start + x.step();
  return start + x.step() / 2 < width / 2 ? { left: end + 4 } : { right: width - start + 4 };
}

/**
 * Credits consumed per local day, stacked by operation: an SVG drawn with visx at the
 * width of the card, read before the first paint so the bars show in the frame that brings
 * the data. The pointer or the keyboard (focus the chart, then the arrow keys) shows a day's
 * figures in a tooltip, which a screen reader hears too.
 */
export function SpendingChart({ rows, series, summary }: SpendingChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useChartWidth(ref);
  const [active, setActive] = useState<string | null>(null);
  const activeRow = rows.find((r) => r.day === active);
  const onKeyDown = (e: KeyboardEvent) => {
    const day = nextDay(
      rows.map((r) => r.day),
      active,
      e.key,
    );
    if (day === undefined) return;
    e.preventDefault();
    setActive(day);
  };
  return (
    <div>
      <div ref={ref} data-testid="spending-chart" className="relative" style={{ height: HEIGHT }}>
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`${summary} Use the arrow keys to hear each day.`}
            tabIndex={0}
            className="block rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-400"
            onKeyDown={onKeyDown}
            onFocus={() => setActive((d) => d ?? rows.at(-1)?.day ?? null)}
            onBlur={() => setActive(null)}
          >
            <SpendingBars
              rows={rows}
              series={series}
              width={width}
              height={HEIGHT}
              active={active}
              onHover={setActive}
            />
          </svg>
        ) : null}
        <div aria-live="polite">
          {activeRow ? (
            <DayTooltip
              row={activeRow}
              series={series}
              style={tooltipPlace(rows, activeRow.day, width)}
            />
          ) : null}
        </div>
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
