import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

interface StackedColumn {
  /** The column's header; when the rows stack, the name shown above each of its values. */
  header: string;
  /** Figures: right-aligned in tabular digits while the table is a table. */
  numeric?: boolean;
  /** Stacked, its values take two shares of the line (a date and time). */
  wide?: boolean;
  /** More classes for this column's cells. */
  className?: string;
}

/** What a row's `<tr>` carries besides its cells: a test id, `data-*` attributes. */
type RowAttributes = Record<`data-${string}`, string | number | undefined>;

/** The table's name: a `<caption>` (for screen readers only unless shown), or a heading's id. */
type TableName = { caption: string; showCaption?: boolean } | { labelledBy: string };

type StackedTableProps<T> = TableName & {
  /** The first column names each row (a row header); every row has one cell per column. */
  columns: readonly [StackedColumn, ...StackedColumn[]];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  cells: (row: T) => readonly ReactNode[];
  rowAttributes?: (row: T) => RowAttributes;
  testId?: string;
};

const th = 'px-3 py-2 text-left text-xs font-medium text-zinc-500';
const cell = 'px-3 py-2 text-zinc-200';
const num = 'text-right font-mono tabular-nums';
/**
 * Stacked, each value has its column's name above it, drawn by CSS from `data-label` with
 * an empty alternative text (`/ ''`): a screen reader has the column header already, and
 * does not hear the name twice.
 */
const stackedCell =
  "@max-lg:p-0 @max-lg:text-left @max-lg:before:block @max-lg:before:font-sans @max-lg:before:text-xs @max-lg:before:text-zinc-500 @max-lg:before:content-[attr(data-label)_/_'']";
/** The grid under the first cell, by how many shares its values take (whole class names for Tailwind). */
const STACKED_TRACKS = [
  '',
  '@max-lg:grid-cols-1',
  '@max-lg:grid-cols-2',
  '@max-lg:grid-cols-3',
  '@max-lg:grid-cols-4',
  '@max-lg:grid-cols-5',
  '@max-lg:grid-cols-6',
];

interface StackedRowProps {
  columns: readonly [StackedColumn, ...StackedColumn[]];
  /** One per column, the row's name first. */
  values: readonly ReactNode[];
  attributes: RowAttributes | undefined;
}

/** One row: stacked, its name spans the line and the values share the line below. */
function StackedRow({
  columns: [first, ...rest],
  values: [head, ...values],
  attributes,
}: StackedRowProps) {
  const tracks = rest.reduce((n, c) => n + (c.wide ? 2 : 1), 0);
  return (
    <tr
      role="row"
      {...attributes}
      className={cn(
        '@max-lg:grid @max-lg:gap-x-3 @max-lg:gap-y-1 @max-lg:px-3 @max-lg:py-2',
        STACKED_TRACKS[Math.min(tracks, STACKED_TRACKS.length - 1)],
      )}
    >
      <th
        scope="row"
        role="rowheader"
        className={cn(
          cell,
          'text-left font-normal @max-lg:col-span-full @max-lg:min-w-0 @max-lg:p-0',
          first.className,
        )}
      >
        {head}
      </th>
      {rest.map((c, j) => (
        <td
          key={c.header}
          role="cell"
          data-label={c.header}
          className={cn(
            cell,
            c.numeric && num,
            stackedCell,
            c.wide && '@max-lg:col-span-2',
            c.className,
          )}
        >
          {values[j]}
        </td>
      ))}
    </tr>
  );
}

/**
 * A table whose rows stack where its box is narrow (under 32rem: a phone, or a column of
 * the account page beside another): each row becomes a block, its first cell on a line of
 * its own, the other cells side by side below it, each under its column's name, so nothing
 * is wider than the screen. The roles are written out (table, rowgroup, row, columnheader,
 * rowheader, cell) because a browser may drop a table's semantics once its display
 * changes; a screen reader walks it as a table at any width.
 */
export function StackedTable<T>(props: StackedTableProps<T>) {
  const { columns, rows, rowKey, cells, rowAttributes, testId } = props;
  return (
    <div className="@container">
      <table
        role="table"
        aria-labelledby={'labelledBy' in props ? props.labelledBy : undefined}
        className="w-full text-sm @max-lg:block"
        data-testid={testId}
      >
        {'caption' in props ? (
          <caption
            className={cn(
              props.showCaption
                ? 'px-3 pt-3 text-left text-xs font-medium text-zinc-400'
                : 'sr-only',
              '@max-lg:block',
            )}
          >
            {props.caption}
          </caption>
        ) : null}
        <thead role="rowgroup" className="@max-lg:sr-only">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.header} role="columnheader" className={cn(th, c.numeric && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-zinc-800 @max-lg:block">
          {rows.map((row, i) => (
            <StackedRow
              key={rowKey(row, i)}
              columns={columns}
              values={cells(row)}
              attributes={rowAttributes?.(row)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
