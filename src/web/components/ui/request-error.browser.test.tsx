import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { StudioError } from '@/contract/studio-api';
import { NetworkError, ResponseShapeError, StudioApiError } from '@/web/lib/http';
import { ErrorBanner } from './error-banner';
import { LoadError, RequestError } from './request-error';

const refusal = (over: Partial<StudioError>): StudioApiError =>
  new StudioApiError({
    status: 400,
    code: 'invalid_request',
    message: 'The request was refused',
    hint: null,
    retryAfterS: null,
    ...over,
  });

async function renderRequestError(error: unknown) {
  const onDismiss = vi.fn<() => void>();
  const screen = await render(<RequestError error={error} onDismiss={onDismiss} />);
  return { screen, onDismiss, alert: screen.getByRole('alert') };
}

describe('the error of a request just made', () => {
  it('gives the refused request’s reference, which the studio’s log lines carry', async () => {
    const { alert } = await renderRequestError(
      refusal({ status: 500, message: 'The studio failed', requestId: 'Yq3kTz8bW1pL0aNc' }),
    );
    await expect.element(alert).toHaveTextContent('Reference Yq3kTz8bW1pL0aNc');
  });

  it('gives it for a read that failed too', async () => {
    const load = await render(
      <LoadError what="load jobs" error={refusal({ requestId: 'r-42' })} onRetry={() => null} />,
    );
    await expect.element(load.getByRole('alert')).toHaveTextContent('Reference r-42');
  });

  it('says what the server said and what to do, and goes on Dismiss', async () => {
    const { alert, onDismiss } = await renderRequestError(
      refusal({
        status: 422,
        message: 'params.imgUrl: must be an http:// or https:// URL',
        hint: 'Paste the address of an image on the web.',
      }),
    );
    await expect
      .element(alert)
      .toHaveTextContent('params.imgUrl: must be an http:// or https:// URL');
    await expect.element(alert).toHaveTextContent('Paste the address of an image on the web.');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('links a want of credits to the account page', async () => {
    const { alert } = await renderRequestError(
      refusal({ status: 402, code: 'insufficient_quota', message: 'Not enough credits' }),
    );
    await expect.element(alert).toHaveTextContent('Not enough credits');
    await expect.element(alert).toHaveTextContent('Top up credits to keep generating.');
    await expect
      .element(alert.getByRole('link', { name: 'Open Account' }))
      .toHaveAttribute('href', '#/account');
  });

  it('says how long to wait when rate-limited, and nothing made up otherwise', async () => {
    const { alert } = await renderRequestError(
      refusal({
        status: 429,
        code: 'rate_limited',
        message: 'Too many requests',
        retryAfterS: 2.2,
      }),
    );
    await expect.element(alert).toHaveTextContent('Wait 3 s and try again.');
    expect(alert.getByRole('link').all()).toHaveLength(0);
  });

  it('names a server it cannot reach', async () => {
    const { alert } = await renderRequestError(
      new NetworkError('/studio-api/jobs', new TypeError()),
    );
    await expect.element(alert).toHaveTextContent('Cannot reach the studio server');
    await expect.element(alert).toHaveTextContent('Check that it is running, then try again.');
  });

  it('names an answer it cannot read, with the field that broke the contract', async () => {
    const { alert } = await renderRequestError(
      new ResponseShapeError('/studio-api/jobs', 'job.id: must be a job handle'),
    );
    await expect.element(alert).toHaveTextContent('The studio server sent an unexpected response');
    await expect.element(alert).toHaveTextContent('job.id: must be a job handle');
  });
});

describe('the error of a read', () => {
  it('says what could not be loaded and why, and retries on Retry', async () => {
    const onRetry = vi.fn(() => Promise.resolve());
    const screen = await render(
      <LoadError
        what="load the account"
        error={refusal({ status: 503, message: 'The image service is down' })}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent('Could not load the account: The image service is down');
    await expect.element(alert).toHaveTextContent('The service had a problem; try again shortly.');
    await alert.getByRole('button', { name: 'Retry' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('the error banner', () => {
  it('does not interrupt when it is part of stored data (live off)', async () => {
    const screen = await render(
      <ErrorBanner title="The job failed" hint="Its prompt was refused." live={false} />,
    );
    await expect.element(screen.getByText('The job failed')).toBeVisible();
    await expect.element(screen.getByText('Its prompt was refused.')).toBeVisible();
    expect(screen.getByRole('alert').all()).toHaveLength(0);
  });
});
