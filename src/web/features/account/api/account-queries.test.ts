import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../../contract/studio-api';
import { ResponseShapeError } from '../../../lib/http';
import { jsonResponse } from '../../../lib/testing/fixtures';
import { accountQueries } from './account-queries';

afterEach(() => vi.unstubAllGlobals());

const account: AccountSummary = {
  name: 'dev',
  plan: 'local',
  availableCredits: 1200,
  availablePoints: 50000,
  frozenCredits: 0,
  usedPoints: 160,
  balanceUsd: 50,
  lowBalance: false,
  concurrencyLimit: 6,
  activeTasks: 1,
};

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('accountQueries.summary', () => {
  it('unwraps the account envelope and refreshes every 30 s', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ account }));
    await expect(client().fetchQuery(accountQueries.summary())).resolves.toEqual(account);
    expect(accountQueries.summary().queryKey).toEqual(['account', 'summary']);
    expect(accountQueries.summary().refetchInterval).toBe(30_000);
  });

  it('makes a malformed account a query error', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ account: { name: 'dev' } }));
    await expect(client().fetchQuery(accountQueries.summary())).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });
});
