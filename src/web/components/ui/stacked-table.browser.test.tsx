import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { tableRows } from '@/web/components/testing/table-rows';
import '@/web/styles.css';
import { StackedTable } from './stacked-table';

interface Row {
  operation: string;
  jobs: number;
  consumed: number;
  prompt: string;
}

const ROWS: Row[] = [
  {
    operation: 'Remove background',
    jobs: 12,
    consumed: 1_234_560,
    prompt: 'an old lighthouse keeper reading by lamplight in a narrow stone room',
  },
  { operation: 'Upscale', jobs: 3, consumed: 300, prompt: 'a harbour at dawn' },
];

/** The table in a box `width` px wide, as a phone (360) or a desktop column (800) gives it. */
async function renderAt(width: number) {
  const screen = await render(
    <div style={{ width }} data-testid="box">
      <StackedTable
        caption="Totals per operation"
        columns={[
          { header: 'Operation' },
          { header: 'Jobs', numeric: true },
          { header: 'Consumed', numeric: true },
          { header: 'Prompt', wide: true, className: 'whitespace-nowrap' },
          { header: 'Speed' },
        ]}
        rows={ROWS}
        rowKey={(r) => r.operation}
        rowAttributes={(r) => ({ 'data-testid': 'op-row', 'data-jobs': r.jobs })}
        cells={(r) => [
          r.operation,
          String(r.jobs),
          r.consumed.toLocaleString('en-US'),
          <div className="truncate">{r.prompt}</div>,
          'relax',
        ]}
      />
    </div>,
  );
  const table = screen.getByRole('table', { name: 'Totals per operation' });
  await expect.element(table).toBeVisible();
  const box = screen.getByTestId('box').element();
  const cells = [...table.element().querySelectorAll('tbody td')];
  const before = (e: Element) => getComputedStyle(e, '::before').content;
  return { screen, table, box, cells, before };
}

describe('a stacked table', () => {
  it('stacks its rows in a phone’s width: the name on a line, each value under its column’s name', async () => {
    const { screen, table, box, cells, before } = await renderAt(360);
    // Nothing sticks out of the box, long prompt and nowrap cell included.
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    const [row] = screen.getByTestId('op-row').all();
    const rowBox = row!.element().getBoundingClientRect();
    const head = row!.getByRole('rowheader').element().getBoundingClientRect();
    expect(head.width).toBeCloseTo(rowBox.width - 24, 0);
    // The four values share the line below it, each under its column's name.
    const tops = cells.slice(0, 4).map((c) => c.getBoundingClientRect().top);
    expect(new Set(tops).size).toBe(1);
    expect(tops[0]).toBeGreaterThanOrEqual(head.bottom);
    // A wide column takes two shares of the line.
    const widths = cells.slice(0, 4).map((c) => c.getBoundingClientRect().width);
    expect(widths[2]).toBeGreaterThan(widths[0]! * 2);
    expect(cells.slice(0, 4).map(before)).toEqual([
      '"Jobs" / ""',
      '"Consumed" / ""',
      '"Prompt" / ""',
      '"Speed" / ""',
    ]);
    // The header row is there for screen readers only.
    const thead = table.element().querySelector('thead')!.getBoundingClientRect();
    expect(thead.width * thead.height).toBeLessThanOrEqual(1);
    // Still a table: its header row, a row header and cells in each row, the data kept.
    expect(tableRows(table)).toEqual([
      ['Operation', 'Jobs', 'Consumed', 'Prompt', 'Speed'],
      ['Remove background', '12', '1,234,560', ROWS[0]!.prompt, 'relax'],
      ['Upscale', '3', '300', 'a harbour at dawn', 'relax'],
    ]);
    expect(table.getByRole('columnheader').all()).toHaveLength(5);
    expect(table.getByRole('rowheader').all()).toHaveLength(2);
    expect(table.getByRole('cell').all()).toHaveLength(8);
    expect(row!.element().getAttribute('data-jobs')).toBe('12');
  });

  it('is a plain table where there is room: one line a row, no names over the values', async () => {
    const { screen, cells, before } = await renderAt(800);
    const [row] = screen.getByTestId('op-row').all();
    const head = row!.getByRole('rowheader').element().getBoundingClientRect();
    for (const c of cells.slice(0, 4)) {
      expect(c.getBoundingClientRect().top).toBe(head.top);
      expect(before(c)).toBe('none');
    }
    // Figures are right-aligned in a table.
    expect(getComputedStyle(cells[0]!).textAlign).toBe('right');
  });
});
