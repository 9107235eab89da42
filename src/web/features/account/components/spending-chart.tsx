import {
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type XAxisTickContentProps,
  type YAxisTickContentProps,
} from 'recharts';
import { formatNumber } from '@/web/lib/format';
import type { DayRow, Series } from '../utils/spending-rows';

interface SpendingChartProps {
  rows: DayRow[];
  series: Series[];
  /** A sentence a screen reader hears instead of the bars (the table has the figures). */
  summary: string;
}

// Colours come from CSS variables (styles.css), so the chart follows the theme.
const tickText = { fill: 'var(--chart-axis)', fontSize: 11 };
const tooltip = {
  contentStyle: {
    background: 'var(--chart-tooltip-bg)',
    border: '1px solid var(--chart-tooltip-border)',
    borderRadius: 6,
    color: 'var(--chart-text)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--chart-text)', fontWeight: 600 },
  itemStyle: { color: 'var(--chart-text)', padding: 0 },
  cursor: { fill: 'var(--chart-cursor)' },
};

/**
 * A plain rectangle per stacked segment, and nothing for an empty one: recharts' own shape
 * computes a path with rounded corners and animation state for each of up to 720 segments
 * (90 days by 8 operations), which made the chart several times slower to appear.
 */
const segment = ({ x, y, width, height, fill }: BarShapeProps) =>
  height > 0 && width > 0 ? <rect x={x} y={y} width={width} height={height} fill={fill} /> : null;

// Axis labels as plain text: recharts' own label measures each word in the DOM to wrap it.
const dayTick = ({ x, y, payload }: XAxisTickContentProps) => (
  <text x={x} y={Number(y) + 12} textAnchor="middle" {...tickText}>
    {String(payload.value)}
  </text>
);
const creditTick = ({ x, y, payload }: YAxisTickContentProps) => (
  <text x={Number(x) - 4} y={Number(y) + 4} textAnchor="end" {...tickText}>
    {formatNumber(Number(payload.value))}
  </text>
);

/**
 * Credits consumed per local day, stacked by operation (recharts, loaded only with the
 * account page). No animation: the bars are there as soon as the data is.
 */
export function SpendingChart({ rows, series, summary }: SpendingChartProps) {
  return (
    <div>
      <div role="img" aria-label={summary} data-testid="spending-chart">
        <BarChart
          responsive
          data={rows}
          style={{ width: '100%', height: 260 }}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke="var(--chart-grid)" />
          <XAxis
            dataKey="label"
            tick={dayTick}
            tickLine={false}
            axisLine={{ stroke: 'var(--chart-grid)' }}
            // A fixed step: with the default, recharts measures every label to drop overlaps.
            interval={Math.max(0, Math.ceil(rows.length / 12) - 1)}
          />
          <YAxis tick={creditTick} tickLine={false} axisLine={false} width={56} />
          <Tooltip {...tooltip} formatter={(v) => `${formatNumber(Number(v))} credits`} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId="day"
              fill={s.color}
              isAnimationActive={false}
              shape={segment}
            />
          ))}
        </BarChart>
      </div>
      {/* The legend in HTML: recharts' own measures itself in the page's layout. */}
      <ul
        aria-hidden="true"
        className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-zinc-300"
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
