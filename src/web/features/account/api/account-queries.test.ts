import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseShapeError } from '@/web/lib/http';
import { jsonResponse, makeAccount } from '@/web/lib/testing/fixtures';
import { streamActions } from '@/web/lib/events/stream-store';
import { accountQueries, pollWhileStreamDown } from './account-queries';

afterEach(() => vi.unstubAllGlobals());

const account = makeAccount();

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('accountQueries.summary', () => {
  it('unwraps the account envelope, and polls only while the event stream is down', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ account }));
    await expect(client().fetchQuery(accountQueries.summary())).resolves.toEqual(account);
    expect(accountQueries.summary().queryKey).toEqual(['account', 'summary']);
    expect(accountQueries.summary().refetchInterval).toBe(pollWhileStreamDown);
    streamActions().streamOpened();
    expect(pollWhileStreamDown()).toBe(false);
    streamActions().streamLost();
    expect(pollWhileStreamDown()).toBe(5_000);
  });

  it('makes a malformed account a query error', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ account: { name: 'dev' } }));
    await expect(client().fetchQuery(accountQueries.summary())).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });
});
