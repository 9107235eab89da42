import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack, type BarStackProps } from '@visx/shape';
import { formatNumber } from '@/web/lib/format';
import { labelStep, niceTicks } from '../utils/chart-scale';
import type { DayRow, Series } from '../utils/spending-rows';

/** Room for the day labels below the bars, and for the top tick's label above them. */
const MARGIN = { top: 8, bottom: 22 };
/** About as wide as a day label ("May 30") and the space between two of them. */
const LABEL_PX = 44;
const AXIS_TEXT = 'text-[11px] [fill:var(--chart-axis)]';

export const valueOf = (row: DayRow, key: string): number => {
  const v = row[key];
  return typeof v === 'number' ? v : 0;
};

/** A tick label as plain SVG text: visx's own Text measures every word in the page. */
function TickLabel({ x, y, formattedValue, textAnchor, dy }: TickRendererProps) {
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} className={AXIS_TEXT}>
      {formattedValue}
    </text>
  );
}

/** Where the chart's parts go at a given size: what the bars and the tooltip share. */
export function chartLayout(rows: DayRow[], width: number, height: number) {
  const ticks = niceTicks(Math.max(0, ...rows.map((r) => r.total)));
  const top = ticks.at(-1) ?? 1;
  const left = 10 + 6.5 * Math.max(...ticks.map((t) => formatNumber(t).length));
  const innerWidth = Math.max(0, width - left - 4);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({
    domain: rows.map((r) => r.day),
    range: [0, innerWidth],
    paddingInner: 0.2,
    paddingOuter: 0.1,
  });
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0] });
  return { ticks, left, innerWidth, innerHeight, x, y };
}

type Stacks = Parameters<NonNullable<BarStackProps<DayRow, string>['children']>>[0];
type StackBar = NonNullable<Stacks[number]>['bars'][number];

/** One day: a band as tall as the chart (the cursor), and its non-empty segments on it. */
function DayColumn(props: {
  row: DayRow;
  bars: StackBar[];
  bandX: number;
  band: number;
  height: number;
  active: boolean;
  onHover: (day: string | null) => void;
}) {
  const { row, bars, bandX, band, height, active, onHover } = props;
  return (
    <g onPointerEnter={() => onHover(row.day)} onPointerLeave={() => onHover(null)}>
      <rect
        x={bandX}
        width={band}
        height={height}
        className={active ? '[fill:var(--chart-cursor)]' : 'fill-transparent'}
      />
      {bars.map((bar) =>
        bar.bar[1] > bar.bar[0] ? (
          <rect
            key={bar.key}
            data-segment={bar.key}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            style={{ fill: bar.color }}
          />
        ) : null,
      )}
    </g>
  );
}

interface SpendingBarsProps {
  rows: DayRow[];
  series: Series[];
  width: number;
  height: number;
  /** The day under the pointer or the keyboard's focus: drawn with a cursor band. */
  active: string | null;
  onHover: (day: string | null) => void;
}

/**
 * The stacked bars (visx's BarStack on a band scale of days and a linear scale of
 * credits), the grid, and the two axes. Each day is one group with a band as tall as the
 * chart behind its segments, so the pointer finds the day anywhere in its column.
 */
export function SpendingBars({ rows, series, width, height, active, onHover }: SpendingBarsProps) {
  const { ticks, left, innerWidth, innerHeight, x, y } = chartLayout(rows, width, height);
  const step = labelStep(rows.length, Math.max(1, Math.floor(innerWidth / LABEL_PX)));
  const labels = new Map(rows.map((r) => [r.day, r.label]));
  const band = x.step();
  const colour = new Map<string, string>(series.map((s) => [s.key, s.color]));
  return (
    <g transform={`translate(${left},${MARGIN.top})`}>
      {ticks.map((t) => (
        <line
          key={t}
          x1={0}
          x2={innerWidth}
          y1={y(t)}
          y2={y(t)}
          className="[stroke:var(--chart-grid)]"
        />
      ))}
      <BarStack<DayRow, string>
        data={rows}
        keys={series.map((s) => s.key)}
        value={valueOf}
        x={(r) => r.day}
        xScale={x}
        yScale={y}
        color={(key) => colour.get(key) ?? 'currentColor'}
      >
        {(stacks) =>
          rows.map((row, j) => (
            <DayColumn
              key={row.day}
              row={row}
              bars={stacks.flatMap((s) => s.bars[j] ?? [])}
              bandX={(x(row.day) ?? 0) - (band - x.bandwidth()) / 2}
              band={band}
              height={innerHeight}
              active={row.day === active}
              onHover={onHover}
            />
          ))
        }
      </BarStack>
      <AxisLeft
        scale={y}
        tickValues={ticks}
        tickFormat={(t) => formatNumber(Number(t))}
        hideAxisLine
        hideTicks
        tickLabelProps={{ textAnchor: 'end', dy: '0.32em' }}
        tickLength={6}
        tickComponent={TickLabel}
      />
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={rows.filter((_, i) => i % step === 0).map((r) => r.day)}
        tickFormat={(d) => labels.get(d)}
        axisLineClassName="[stroke:var(--chart-grid)]"
        hideTicks
        tickLength={4}
        tickLabelProps={{ textAnchor: 'middle', dy: '0.2em' }}
        tickComponent={TickLabel}
      />
    </g>
  );
}
