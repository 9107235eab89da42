import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../../lib/format';
import type { DayRow, Series } from '../utils/spending-rows';

interface SpendingChartProps {
  rows: DayRow[];
  series: Series[];
  /** A sentence a screen reader hears instead of the bars (the table has the figures). */
  summary: string;
}

// Colours come from CSS variables (styles.css), so the chart follows the theme.
const axis = { fill: 'var(--chart-axis)', fontSize: 11 };
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
 * Credits consumed per local day, stacked by operation (recharts, loaded only with the
 * account page). No animation: the bars are there as soon as the data is.
 */
export function SpendingChart({ rows, series, summary }: SpendingChartProps) {
  return (
    <div role="img" aria-label={summary} data-testid="spending-chart" className="text-zinc-400">
      <BarChart
        responsive
        data={rows}
        style={{ width: '100%', height: 260 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="var(--chart-grid)" />
        <XAxis
          dataKey="label"
          tick={axis}
          tickLine={false}
          axisLine={{ stroke: 'var(--chart-grid)' }}
          minTickGap={12}
        />
        <YAxis
          tick={axis}
          tickLine={false}
          axisLine={false}
          width={56}
          tickFormatter={(v: number) => formatNumber(v)}
        />
        <Tooltip {...tooltip} formatter={(v) => `${formatNumber(Number(v))} credits`} />
        <Legend wrapperStyle={{ fontSize: 12, color: 'var(--chart-text)' }} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="day"
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
