import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '@/contract/account-summary';
import { renderWithClient, testClient } from '@/web/components/testing/render-with-client';
import { held, studioError, stubStudioApi } from '@/web/components/testing/studio-api-stub';
import { makeAccount } from '@/web/lib/testing/fixtures';
import '@/web/styles.css';
import { accountQueries } from '../api/account-queries';
import { BalanceCard } from './balance-card';
import { BalanceWidget } from './balance-widget';
import { LowBalanceBanner } from './low-balance-banner';

const STORAGE_KEY = 'studio.low-balance-threshold';

/** As another tab of the studio would: the store follows the storage event. */
function thresholdFromElsewhere(value: string | null) {
  if (value === null) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: value }));
}

/** The account page's card under the header's banner, from one cached account. */
async function renderCardAndBanner(account: AccountSummary) {
  const client = testClient();
  client.setQueryData(accountQueries.summary().queryKey, account);
  stubStudioApi({ 'GET /studio-api/account': { account } });
  const { screen } = await renderWithClient(
    <>
      <LowBalanceBanner href="#/account" />
      <BalanceCard account={account} />
    </>,
    client,
  );
  return {
    screen,
    banner: screen.getByRole('status', { name: 'Low balance' }),
    threshold: screen.getByRole('textbox', { name: 'Alert me below (credits)' }),
    figure: (testId: string) => screen.getByTestId(testId),
  };
}

describe('the balance card', () => {
  beforeEach(() => thresholdFromElsewhere(null));

  it('shows available, frozen and used in credits and dollars, and the service’s alert', async () => {
    const { screen, figure } = await renderCardAndBanner(
      makeAccount({ availableCredits: 1200, availablePoints: 300, balanceUsd: 1.5 }),
    );
    await expect.element(figure('balance-available')).toHaveTextContent('1,500 credits $1.50');
    await expect.element(figure('balance-frozen')).toHaveTextContent('80 credits $0.08');
    await expect.element(figure('balance-used')).toHaveTextContent('720 credits $0.72');
    // Points and credits are one figure; the note says where it comes from.
    await expect
      .element(screen.getByText(/1,200 credits from credit packs and 300 points/))
      .toBeVisible();
    await expect
      .element(screen.getByTestId('service-alert'))
      .toHaveTextContent(
        'The service’s low-balance alert is off (it turns on below $10.00, 10,000 credits).',
      );
    await expect.element(screen.getByText('low balance', { exact: true })).not.toBeInTheDocument();
  });

  it('says a figure the service did not send is unknown, not zero', async () => {
    const { figure, screen } = await renderCardAndBanner(
      makeAccount({ frozenCredits: null, usedCredits: null, alertThresholdUsd: null }),
    );
    await expect.element(figure('balance-frozen')).toHaveTextContent('Not reported by the service');
    await expect.element(figure('balance-used')).toHaveTextContent('Not reported by the service');
    await expect
      .element(screen.getByTestId('service-alert'))
      .toHaveTextContent(/^The service’s low-balance alert is off\.$/);
  });

  it('shows the banner and the badge when the service raises its alert', async () => {
    const { banner, screen } = await renderCardAndBanner(
      makeAccount({ lowBalance: true, availableCredits: 900, balanceUsd: 0.9 }),
    );
    await expect
      .element(banner)
      .toHaveTextContent(
        "Low balance: 900 credits ($0.90) left, the image service's low-balance alert is on (below $10.00).",
      );
    await expect
      .element(banner.getByRole('link', { name: 'See the account' }))
      .toHaveAttribute('href', '#/account');
    await expect.element(screen.getByText('low balance', { exact: true })).toBeVisible();
  });
});

describe('the low-balance threshold', () => {
  beforeEach(() => thresholdFromElsewhere(null));

  it('raises the banner once the balance is under it, and keeps it in this browser', async () => {
    const { banner, threshold } = await renderCardAndBanner(
      makeAccount({ availableCredits: 1200 }),
    );
    await expect.element(banner).not.toBeInTheDocument();
    await expect
      .element(threshold)
      .toHaveAccessibleDescription(
        'Kept in this browser. Empty: only the image service’s own alert.',
      );

    await threshold.fill('1,000');
    await expect.element(banner).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBe('1000');

    await threshold.fill('2000');
    await expect
      .element(banner)
      .toHaveTextContent('1,200 credits ($1.20) left, below your alert at 2,000 credits.');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('2000');

    await threshold.fill('');
    await expect.element(banner).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('names what is wrong with a value it cannot take, and keeps the last good one', async () => {
    const { banner, threshold } = await renderCardAndBanner(
      makeAccount({ availableCredits: 1200 }),
    );
    await threshold.fill('5000');
    await expect.element(banner).toBeVisible();

    await threshold.fill('12.5');
    await expect.element(threshold).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(threshold)
      .toHaveAccessibleDescription(/Enter a whole number of credits, or leave it empty\.$/);
    await threshold.fill('200000000');
    await expect.element(threshold).toHaveAccessibleDescription(/At most 100,000,000 credits\.$/);
    // Neither was taken: the alert still stands at 5,000.
    expect(localStorage.getItem(STORAGE_KEY)).toBe('5000');
    await expect.element(banner).toHaveTextContent('below your alert at 5,000 credits.');

    await threshold.fill('100');
    await expect.element(threshold).toHaveAttribute('aria-invalid', 'false');
    await expect.element(banner).not.toBeInTheDocument();
  });

  it('starts from the stored value, and follows another tab’s change', async () => {
    thresholdFromElsewhere('3000');
    const { banner, threshold } = await renderCardAndBanner(
      makeAccount({ availableCredits: 1200 }),
    );
    await expect.element(threshold).toHaveValue('3000');
    await expect.element(banner).toHaveTextContent('below your alert at 3,000 credits.');
    thresholdFromElsewhere('500');
    await expect.element(banner).not.toBeInTheDocument();
    // A value edited by hand into the storage is dropped, not trusted.
    thresholdFromElsewhere('"lots"');
    await expect.element(banner).not.toBeInTheDocument();
  });
});

describe('the balance in the header', () => {
  beforeEach(() => thresholdFromElsewhere(null));

  it('shows loading, then the available credits, as a link to the account page', async () => {
    const answer = held<Response>();
    stubStudioApi({ 'GET /studio-api/account': () => answer.promise });
    const { screen } = await renderWithClient(<BalanceWidget href="#/account" />);
    await expect.element(screen.getByRole('link', { name: 'Balance: loading' })).toBeVisible();

    answer.resolve(
      new Response(
        JSON.stringify({ account: makeAccount({ availableCredits: 1, availablePoints: 1499 }) }),
      ),
    );
    const link = screen.getByRole('link', { name: 'Balance: 1,500 credits' });
    await expect.element(link).toHaveAttribute('href', '#/account');
    await expect.element(link).toHaveAttribute('title', 'Available credits');
  });

  it('says the balance is low on hover when it is', async () => {
    stubStudioApi({
      'GET /studio-api/account': { account: makeAccount({ lowBalance: true }) },
    });
    const { screen } = await renderWithClient(<BalanceWidget href="#/account" />);
    await expect
      .element(screen.getByRole('link', { name: 'Balance: 1,200 credits' }))
      .toHaveAttribute('title', 'Balance is low');
  });

  it('says the balance is unavailable, and why on hover, when the read fails', async () => {
    stubStudioApi({
      'GET /studio-api/account': studioError(502, 'The image service did not answer'),
    });
    const { screen } = await renderWithClient(<BalanceWidget href="#/account" />);
    const link = screen.getByRole('link', { name: 'Balance: unavailable' });
    await expect.element(link).toHaveTextContent('Balance unavailable');
    await expect.element(link).toHaveAttribute('title', 'The image service did not answer');
  });

  it('reads the account from the studio server', async () => {
    const api = stubStudioApi({ 'GET /studio-api/account': { account: makeAccount() } });
    const { screen } = await renderWithClient(<BalanceWidget href="#/account" />);
    await expect.element(screen.getByRole('link', { name: /^Balance: 1,200/ })).toBeVisible();
    expect(api.to('GET /studio-api/account')).toHaveLength(1);
    expect(api.stray).toEqual([]);
  });
});
