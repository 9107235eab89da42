import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Spending } from '@/contract/spending';
import { renderWithClient } from '@/web/components/testing/render-with-client';
import { studioError, stubStudioApi } from '@/web/components/testing/studio-api-stub';
import { cellsOf, tableRows } from '@/web/components/testing/table-rows';
import { makeAccount } from '@/web/lib/testing/fixtures';
import { AccountPanel } from './account-panel';
import { ActiveTasksCard } from './active-tasks-card';
import { ProfileCard } from './profile-card';

const jobHref = (id: string) => `#/job?id=${id}`;
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

describe('the active tasks card', () => {
  it('lists every unfinished task with its state, age and card, and counts the slots', async () => {
    const account = makeAccount({
      activeTasks: 3,
      concurrencyLimit: 6,
      byModel: {
        midjourney: { staged: 1, pending: 0, processing: 1, retry: 0 },
        niji: { staged: 0, pending: 1, processing: 0, retry: 0 },
      },
      tasks: [
        {
          id: 'abcDEF123456',
          operation: 'diffusion',
          status: 'processing',
          createdAt: secondsAgo(65),
        },
        { id: null, operation: 'video_upscale', status: 'pending', createdAt: secondsAgo(3725) },
        { id: 'xyzXYZ654321', operation: 'remove_background', status: 'staged', createdAt: null },
      ],
    });
    const screen = await render(<ActiveTasksCard account={account} jobHref={jobHref} />);
    await expect.element(screen.getByTestId('active-total')).toHaveTextContent('3');
    await expect.element(screen.getByTestId('active-slots')).toHaveTextContent('2 of 6');
    await expect.element(screen.getByTestId('active-staged')).toHaveTextContent('1');

    const tasks = screen.getByRole('table', { name: 'Active tasks, oldest first' });
    const rows = cellsOf(tasks.getByTestId('active-task'));
    expect(rows).toEqual([
      ['Diffusion', 'processing', expect.stringMatching(/^1 min 0\d s$/), 'Open job'],
      // Another client's task has no card here; an age the service did not say is a dash.
      ['Video upscale', 'pending', '1 h 02 min', 'another client on this key'],
      ['Remove background', 'staged', '—', 'Open job'],
    ]);
    await expect
      .element(tasks.getByRole('link', { name: 'Open job' }).first())
      .toHaveAttribute('href', '#/job?id=abcDEF123456');

    const byModel = screen.getByRole('table', { name: 'By model, as the service counts them' });
    expect(tableRows(byModel)).toEqual([
      ['Model', 'Staged', 'Pending', 'Processing', 'Retry'],
      ['midjourney', '1', '0', '1', '0'],
      ['niji', '0', '1', '0', '0'],
    ]);
  });

  it('counts from the task list when the service sends no per-model counts', async () => {
    const account = makeAccount({
      activeTasks: 2,
      concurrencyLimit: null,
      byModel: null,
      tasks: [
        { id: 'abcDEF123456', operation: 'diffusion', status: 'retry', createdAt: null },
        { id: 'xyzXYZ654321', operation: 'upscale', status: 'staged', createdAt: null },
      ],
    });
    const screen = await render(<ActiveTasksCard account={account} jobHref={jobHref} />);
    await expect.element(screen.getByTestId('active-slots')).toHaveTextContent(/^1\s*$/);
    await expect.element(screen.getByText('The service did not say its limit.')).toBeVisible();
    await expect.element(screen.getByTestId('active-staged')).toHaveTextContent('1');
    await expect.element(screen.getByText('The service sent no per-model counts.')).toBeVisible();
  });

  it('says when nothing is running', async () => {
    const account = makeAccount({ activeTasks: 0, tasks: [], byModel: {} });
    const screen = await render(<ActiveTasksCard account={account} jobHref={jobHref} />);
    await expect.element(screen.getByText('Nothing is running.')).toBeVisible();
    await expect.element(screen.getByTestId('active-slots')).toHaveTextContent('0 of 6');
  });
});

describe('the profile card', () => {
  it('shows who the key belongs to, the wallet and the credit packs', async () => {
    const account = makeAccount({
      name: 'studio-team',
      plan: 'pro',
      enabled: false,
      wallet: { pointRemain: 5000, pointFrozen: 20, pointUsed: 1 },
    });
    const screen = await render(<ProfileCard account={account} />);
    const card = screen.getByRole('region', { name: 'Profile and plan' });
    const term = (label: string) =>
      card.getByText(label, { exact: true }).element().nextElementSibling?.textContent;
    expect(term('Name')).toBe('studio-team');
    expect(term('Plan')).toBe('pro');
    expect(term('Account type')).toBe('standard');
    expect(term('Enabled')).toBe('no (disabled)');
    expect(term('Points remaining')).toBe('5,000 points');
    expect(term('Points frozen')).toBe('20 points');
    expect(term('Points used')).toBe('1 point');
    expect(term('Total')).toBe('2,000 credits');
    expect(term('Used')).toBe('720 credits');
  });

  it('says what the service did not send rather than showing zeros', async () => {
    const account = makeAccount({ plan: null, enabled: null, wallet: null, creditPack: null });
    const screen = await render(<ProfileCard account={account} />);
    const card = screen.getByRole('region', { name: 'Profile and plan' });
    expect(card.getByText('Not sent by the service', { exact: true }).all()).toHaveLength(2);
    expect(card.getByText('Not sent by the service.', { exact: true }).all()).toHaveLength(2);
  });
});

describe('the account panel', () => {
  const spending: Spending = {
    timeZone: 'UTC',
    days: 30,
    from: '2025-04-08T00:00:00.000Z',
    to: '2025-05-08T00:00:00.000Z',
    daily: [],
    operations: [],
    people: [],
    totals: { jobs: 0, consumed: 0, refunded: 0 },
    top: [],
    refunds: [],
    last7Days: { consumed: 0, perDay: 0 },
  };

  it('says why the account could not be read, shows the spending anyway, and retries', async () => {
    const api = stubStudioApi({
      'GET /studio-api/account': studioError(503, 'The image service is not answering', {
        code: 'upstream_unavailable',
      }),
      'GET /studio-api/account/spending': { spending },
    });
    const { screen } = await renderWithClient(
      <AccountPanel range={30} onRangeChange={() => {}} jobHref={jobHref} />,
    );
    const alert = screen.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent('Could not load the account: The image service is not answering');
    await expect.element(screen.getByText('No jobs in this range.')).toBeVisible();

    api.route('GET /studio-api/account', { account: makeAccount() });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.element(screen.getByRole('region', { name: 'Balance' })).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Active tasks' })).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Profile and plan' })).toBeVisible();
    // The runway now knows the balance.
    await expect
      .element(screen.getByTestId('runway'))
      .toHaveTextContent('Nothing was spent in the last 7 days.');
    expect(api.stray).toEqual([]);
  });
});
