import { describe, expect, it } from 'vitest';
import type { Spending } from '@/contract/spending';
import { TASK_TYPES } from '@/contract/task';
import { MAX_SERIES, dayRows, formatDay, seriesOf } from './spending-rows';

const spending = (operations: Spending['operations'], daily: Spending['daily']): Spending => ({
  timeZone: 'Europe/Berlin',
  days: 7,
  from: '',
  to: '',
  daily,
  operations,
  people: [],
  totals: { jobs: 0, consumed: 0, refunded: 0 },
  top: [],
  refunds: [],
  last7Days: { consumed: 0, perDay: 0 },
});

describe('the spending chart rows', () => {
  it('stacks each operation on its day, with zeros where it spent nothing', () => {
    const s = spending(
      [
        { operation: 'upscale', jobs: 2, consumed: 320, refunded: 0 },
        { operation: 'diffusion', jobs: 1, consumed: 80, refunded: 0 },
        { operation: 'variation', jobs: 1, consumed: 0, refunded: 120 },
      ],
      [
        {
          day: '2026-05-02',
          consumed: 240,
          refunded: 0,
          jobs: 2,
          byOperation: { upscale: 160, diffusion: 80 },
          byPerson: {},
        },
        {
          day: '2026-05-03',
          consumed: 160,
          refunded: 120,
          jobs: 2,
          byOperation: { upscale: 160 },
          byPerson: {},
        },
      ],
    );
    const series = seriesOf(s);
    expect(series.map((x) => [x.key, x.label, x.color])).toEqual([
      ['upscale', 'Upscale', 'var(--chart-op-1)'],
      ['diffusion', 'Diffusion', 'var(--chart-op-2)'],
    ]);
    expect(dayRows(s, series)).toEqual([
      { day: '2026-05-02', label: 'May 2', total: 240, upscale: 160, diffusion: 80 },
      { day: '2026-05-03', label: 'May 3', total: 160, upscale: 160, diffusion: 0 },
    ]);
  });

  it('merges the smallest operations into Other so colours stay apart', () => {
    const ops = TASK_TYPES.slice(0, 10).map((operation, i) => ({
      operation,
      jobs: 1,
      consumed: 1000 - i,
      refunded: 0,
    }));
    const byOperation = Object.fromEntries(ops.map((o) => [o.operation, 1]));
    const s = spending(ops, [
      { day: '2026-05-03', consumed: 10, refunded: 0, jobs: 10, byOperation, byPerson: {} },
    ]);
    const series = seriesOf(s);
    expect(series).toHaveLength(MAX_SERIES);
    expect(series.at(-1)).toMatchObject({ key: 'other', label: 'Other' });
    const [row] = dayRows(s, series);
    expect(row?.other).toBe(10 - (MAX_SERIES - 1));
  });

  it('writes a day as the calendar day it names, whatever the browser’s zone', () => {
    expect(formatDay('2026-03-29')).toBe('Mar 29');
  });
});
