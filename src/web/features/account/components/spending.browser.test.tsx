import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Locator } from 'vitest/browser';
import { userEvent } from 'vitest/browser';
import type { LedgerJob, Spending, SpendingRange } from '@/contract/spending';
import { spendingSchema } from '@/contract/spending';
import { renderWithClient } from '@/web/components/testing/render-with-client';
import { held, studioError, stubStudioApi } from '@/web/components/testing/studio-api-stub';
import type { Route } from '@/web/components/testing/studio-api-stub';
import { tableRows } from '@/web/components/testing/table-rows';
import { SpendingSection } from './spending-section';

const SPENDING = 'GET /studio-api/account/spending';
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

const ledgerJob = (over: Partial<LedgerJob>): LedgerJob => ({
  id: 'abcDEF123456',
  operation: 'diffusion',
  speed: 'fast',
  status: 'completed',
  prompt: 'a lighthouse in a storm',
  frozen: 80,
  consumed: 80,
  refunded: 0,
  createdAt: '2025-05-06T09:30:00.000Z',
  inHistory: true,
  ...over,
});

const ANA = 'AnaAnaAna123';
const BEN = 'BenBenBen123';

/** A week of the ledger: images on most days, two upscales, one refund. */
function week(over: Partial<Spending> = {}): Spending {
  const days: [string, number, number][] = [
    ['2025-05-01', 160, 0],
    ['2025-05-02', 0, 0],
    ['2025-05-03', 240, 100],
    ['2025-05-04', 80, 0],
    ['2025-05-05', 0, 0],
    ['2025-05-06', 400, 100],
    ['2025-05-07', 80, 0],
  ];
  return spendingSchema.parse({
    timeZone: TZ,
    days: 7,
    from: '2025-04-30T22:00:00.000Z',
    to: '2025-05-07T22:00:00.000Z',
    daily: days.map(([day, diffusion, upscale]) => ({
      day,
      consumed: diffusion + upscale,
      refunded: day === '2025-05-04' ? 80 : 0,
      jobs: diffusion / 80 + upscale / 100,
      byOperation: {
        ...(diffusion ? { diffusion } : {}),
        ...(upscale ? { upscale } : {}),
      },
      // Ana makes the images, Ben the upscales.
      byPerson: {
        ...(diffusion ? { [ANA]: diffusion } : {}),
        ...(upscale ? { [BEN]: upscale } : {}),
      },
    })),
    people: [
      { id: ANA, name: 'Ana', jobs: 12, consumed: 960, refunded: 80 },
      { id: BEN, name: 'Ben', jobs: 2, consumed: 200, refunded: 0 },
    ],
    operations: [
      { operation: 'diffusion', jobs: 12, consumed: 960, refunded: 80 },
      { operation: 'upscale', jobs: 2, consumed: 200, refunded: 0 },
    ],
    totals: { jobs: 14, consumed: 1160, refunded: 80 },
    top: [
      ledgerJob({ id: 'topJOB000001', operation: 'upscale', consumed: 100 }),
      ledgerJob({ id: 'goneJOB00002', consumed: 80, inHistory: false, prompt: 'a harbour' }),
    ],
    refunds: [ledgerJob({ id: 'refundJOB003', consumed: 0, refunded: 80, status: 'failed' })],
    last7Days: { consumed: 1160, perDay: 1160 / 7 },
    ...over,
  });
}

const rangeChanged = vi.fn<(range: SpendingRange) => void>();

function Section({ available = 1200 }: { available?: number | null }) {
  const [range, setRange] = useState<SpendingRange>(30);
  return (
    <SpendingSection
      range={range}
      onRangeChange={(r) => {
        rangeChanged(r);
        setRange(r);
      }}
      available={available}
      jobHref={(id) => `#/job?id=${id}`}
    />
  );
}

async function renderSection(route: Route, available?: number | null) {
  rangeChanged.mockReset();
  const api = stubStudioApi({ [SPENDING]: route });
  const { screen } = await renderWithClient(<Section available={available} />);
  const section = screen.getByRole('region', { name: 'Where the credits went' });
  return { api, screen, section };
}

/** The mouse left where an earlier test's click put it: over the chart, it shows a day. */
const pointerAway = (section: Locator) => userEvent.hover(section.getByTestId('spending-jobs'));

const tooltip = () => document.querySelector('[data-testid="chart-tooltip"]')?.textContent ?? null;

describe('the spending section', () => {
  it('asks for the range in the browser’s own days, and shows the totals and the runway', async () => {
    const { api, section } = await renderSection({ spending: week() });
    await expect
      .element(section.getByTestId('spending-consumed'))
      .toHaveTextContent('1,160 credits');
    await expect.element(section.getByTestId('spending-refunded')).toHaveTextContent('80 credits');
    await expect.element(section.getByTestId('spending-jobs')).toHaveTextContent('14');
    const [request] = api.to(SPENDING);
    expect(request?.url.searchParams.get('days')).toBe('30');
    expect(request?.url.searchParams.get('tz')).toBe(TZ);
    await expect.element(section.getByText(`Days are your local days (${TZ}).`)).toBeVisible();
    // 1,200 available at 166 a day.
    await expect
      .element(section.getByTestId('runway'))
      .toHaveTextContent(
        'At the last 7 days’ rate (166 credits a day), the balance lasts about 7 days.',
      );
  });

  it('draws the days as a chart a screen reader hears summed up, with a legend', async () => {
    const { section } = await renderSection({ spending: week() });
    const chart = section.getByRole('img', { name: /^Credits consumed per day/ });
    await expect
      .element(chart)
      .toHaveAccessibleName(
        'Credits consumed per day over the last 7 days: 1,160 credits in all. Use the arrow keys to hear each day.',
      );
    const svg = chart.element();
    // One column per day; a segment only where an operation spent something.
    expect(svg.querySelectorAll('[data-segment="diffusion"]')).toHaveLength(5);
    expect(svg.querySelectorAll('[data-segment="upscale"]')).toHaveLength(2);
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toContain('May 3');
    await expect.element(section.getByText('Diffusion', { exact: true }).first()).toBeVisible();
    await pointerAway(section);
    await expect.poll(tooltip).toBeNull();
  });

  it('splits the credits by person: a table of each one’s totals, and the chart by person', async () => {
    const { section } = await renderSection({ spending: week() });
    const people = section.getByTestId('people-table');
    await expect.element(people).toBeVisible();
    const rows = [...people.element().querySelectorAll('[data-person]')];
    expect(
      rows.map((r) => [r.getAttribute('data-person'), r.getAttribute('data-consumed')]),
    ).toEqual([
      [ANA, '960'],
      [BEN, '200'],
    ]);
    expect(rows[0]?.textContent).toContain('Ana');
    await section.getByRole('radio', { name: 'Person' }).click();
    const chart = section.getByRole('img', { name: /^Credits consumed per day, by person,/ });
    await expect.element(chart).toBeVisible();
    const svg = chart.element();
    expect(svg.querySelectorAll(`[data-segment="${ANA}"]`)).toHaveLength(5);
    expect(svg.querySelectorAll(`[data-segment="${BEN}"]`)).toHaveLength(2);
    expect(svg.querySelectorAll('[data-segment="diffusion"]')).toHaveLength(0);
    await section.getByRole('button', { name: 'Show as table' }).click();
    const table = section.getByTestId('daily-table');
    await expect.element(table).toBeVisible();
    expect(table.element().querySelector('thead')?.textContent).toBe('DayAnaBenTotal');
    const may6 = table.element().querySelector('[data-day="2025-05-06"]');
    expect(may6?.textContent).toBe('May 6400100500');
  });

  it('tells each day’s figures with the keyboard: arrows, Home, End, Escape', async () => {
    const { section } = await renderSection({ spending: week() });
    const chart = section.getByRole('img', { name: /^Credits consumed per day/ });
    await expect.element(chart).toBeVisible();
    await pointerAway(section);
    (chart.element() as SVGElement).focus();
    // Focus starts on the last day.
    await expect.poll(tooltip).toBe('May 7: 80 creditsDiffusion 80');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(tooltip).toBe('May 6: 500 creditsDiffusion 400Upscale 100');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.poll(tooltip).toMatch(/^May 7:/);
    await userEvent.keyboard('{Home}');
    await expect.poll(tooltip).toBe('May 1: 160 creditsDiffusion 160');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(tooltip).toMatch(/^May 1:/);
    await userEvent.keyboard('{End}');
    await expect.poll(tooltip).toMatch(/^May 7:/);
    await userEvent.keyboard('{Escape}');
    await expect.poll(tooltip).toBeNull();
    // A day with nothing spent says so, with no parts.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await expect.poll(tooltip).toBe('May 5: 0 credits');
  });

  it('shows the day under the pointer, anywhere in its column', async () => {
    const { section } = await renderSection({ spending: week() });
    const chart = section.getByRole('img', { name: /^Credits consumed per day/ });
    await expect.element(chart).toBeVisible();
    // May 3's column: the band as tall as the chart, above its bars too.
    const band = chart.element().querySelectorAll('g > g > rect:first-child')[2];
    if (!band) throw new Error('no column for May 3');
    await userEvent.hover(band, { position: { x: 2, y: 4 } });
    await expect.poll(tooltip).toBe('May 3: 340 creditsDiffusion 240Upscale 100');
    await pointerAway(section);
    await expect.poll(tooltip).toBeNull();
  });

  it('offers the same figures as a table', async () => {
    const { section } = await renderSection({ spending: week() });
    const toggle = section.getByRole('button', { name: 'Show as table' });
    await toggle.click();
    // In a box of its own that scrolls sideways when the columns are wider than a phone,
    // named as the table and reached by Tab.
    const box = section.getByRole('region', { name: 'Credits consumed per day, by operation' });
    await expect.element(box).toHaveAttribute('tabindex', '0');
    const table = box.getByRole('table', { name: 'Credits consumed per day, by operation' });
    await expect.element(table).toBeVisible();
    await expect
      .element(section.getByRole('button', { name: 'Show chart' }))
      .toHaveAttribute('aria-pressed', 'true');
    expect(tableRows(table)).toEqual([
      ['Day', 'Diffusion', 'Upscale', 'Total'],
      ['May 1', '160', '0', '160'],
      ['May 2', '0', '0', '0'],
      ['May 3', '240', '100', '340'],
      ['May 4', '80', '0', '80'],
      ['May 5', '0', '0', '0'],
      ['May 6', '400', '100', '500'],
      ['May 7', '80', '0', '80'],
    ]);
    await section.getByRole('button', { name: 'Show chart' }).click();
    await expect.element(section.getByRole('img', { name: /^Credits consumed/ })).toBeVisible();
  });

  it('lists the operations with their share, the costliest jobs and the refunds, linked', async () => {
    const { section } = await renderSection({ spending: week() });
    const operations = section.getByRole('table', { name: 'Totals per operation' });
    await expect.element(operations).toBeVisible();
    expect(tableRows(operations)).toEqual([
      ['Operation', 'Jobs', 'Consumed', 'Refunded', 'Share'],
      ['Diffusion', '12', '960', '80', '83%'],
      ['Upscale', '2', '200', '0', '17%'],
    ]);
    const top = section.getByRole('table', { name: 'Most expensive jobs' });
    expect(tableRows(top)[0]).toEqual(['Job', 'Speed', 'When', 'Consumed']);
    await expect
      .element(top.getByRole('link', { name: 'Upscale' }))
      .toHaveAttribute('href', '#/job?id=topJOB000001');
    // A job deleted from the history keeps its cost, without a link.
    await expect.element(top.getByTitle('Deleted from the history')).toHaveTextContent('Diffusion');
    expect(top.getByRole('link').all()).toHaveLength(1);
    await expect
      .element(
        section.getByRole('table', { name: 'Refunds' }).getByRole('link', { name: 'Diffusion' }),
      )
      .toHaveAttribute('href', '#/job?id=refundJOB003');
  });

  it('says so where a range has nothing in it', async () => {
    const empty = week({
      daily: week().daily.map((d) => ({
        ...d,
        consumed: 0,
        refunded: 0,
        jobs: 0,
        byOperation: {},
      })),
      operations: [],
      totals: { jobs: 0, consumed: 0, refunded: 0 },
      top: [],
      refunds: [],
      last7Days: { consumed: 0, perDay: 0 },
    });
    const { section } = await renderSection({ spending: empty });
    await expect.element(section.getByText('No jobs in this range.')).toBeVisible();
    await expect.element(section.getByText('Nothing consumed in this range.')).toBeVisible();
    await expect.element(section.getByText('No refunds in this range.')).toBeVisible();
    await expect
      .element(section.getByTestId('runway'))
      .toHaveTextContent('Nothing was spent in the last 7 days.');
  });

  it('has no runway while the balance is unknown', async () => {
    const { section } = await renderSection({ spending: week() }, null);
    await expect.element(section.getByTestId('spending-consumed')).toBeVisible();
    await expect.element(section.getByTestId('runway')).not.toBeInTheDocument();
  });

  it('reads another range when one is picked, keeping the last figures meanwhile', async () => {
    const { api, section } = await renderSection({ spending: week() });
    await expect.element(section.getByTestId('spending-consumed')).toHaveTextContent('1,160');
    await expect
      .element(section.getByRole('link', { name: 'Export CSV (30 days)' }))
      .toHaveAttribute(
        'href',
        `/studio-api/account/ledger.csv?days=30&tz=${encodeURIComponent(TZ)}`,
      );
    await expect
      .element(section.getByRole('link', { name: 'Export CSV (all jobs)' }))
      .toHaveAttribute('href', `/studio-api/account/ledger.csv?tz=${encodeURIComponent(TZ)}`);

    const later = held<object>();
    api.route(SPENDING, () => later.promise);
    await section.getByRole('radio', { name: '7 days' }).click();
    expect(rangeChanged).toHaveBeenCalledExactlyOnceWith(7);
    await expect.poll(() => api.to(SPENDING).at(-1)?.url.searchParams.get('days')).toBe('7');
    await expect.element(section.getByTestId('spending-consumed')).toHaveTextContent('1,160');
    await expect
      .element(section.getByRole('link', { name: 'Export CSV (7 days)' }))
      .toHaveAttribute(
        'href',
        `/studio-api/account/ledger.csv?days=7&tz=${encodeURIComponent(TZ)}`,
      );

    later.resolve({ spending: week({ totals: { jobs: 3, consumed: 240, refunded: 0 } }) });
    await expect.element(section.getByTestId('spending-consumed')).toHaveTextContent('240 credits');
  });

  it('says why the spending could not be read, and reads it again on Retry', async () => {
    const { api, section } = await renderSection(
      studioError(500, 'The ledger is busy', { code: 'internal' }),
    );
    const alert = section.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent('Could not load the spending: The ledger is busy');
    api.route(SPENDING, { spending: week() });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.element(section.getByTestId('spending-consumed')).toHaveTextContent('1,160');
    expect(api.to(SPENDING)).toHaveLength(2);
  });
});
