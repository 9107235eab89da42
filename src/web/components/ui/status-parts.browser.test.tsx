import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { upstreamReported } from '@/web/lib/events/upstream-store';
import { ProgressBar } from './progress-bar';
import { ServiceWait } from './service-wait';

const REACHABLE = { reachable: true, lastContactAt: null, reason: null };

describe('the wait under a running job', () => {
  afterEach(() => upstreamReported(REACHABLE));

  it('says the job waits while the image service cannot be reached, and goes once it answers', async () => {
    const screen = await render(<ServiceWait />);
    expect(screen.getByRole('status').all()).toHaveLength(0);

    upstreamReported({
      reachable: false,
      lastContactAt: '2025-01-01T12:00:00.000Z',
      reason: 'Connection refused',
    });
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent(/^Waiting for the image service: .*carries on when it answers again\.$/);

    upstreamReported(REACHABLE);
    await expect.element(screen.getByRole('status')).not.toBeInTheDocument();
  });
});

describe('the progress bar', () => {
  it('reports whole percents within 0 to 100, and always shows a sliver', async () => {
    const bar = (value: number) => <ProgressBar value={value} label="Progress of job abc" />;
    const screen = await render(bar(42.6));
    const progress = screen.getByRole('progressbar', { name: 'Progress of job abc' });
    await expect.element(progress).toHaveAttribute('aria-valuenow', '43');
    const fill = () => (progress.element().firstElementChild as HTMLElement).style.width;
    expect(fill()).toBe('43%');

    await screen.rerender(bar(140));
    await expect.element(progress).toHaveAttribute('aria-valuenow', '100');
    expect(fill()).toBe('100%');

    await screen.rerender(bar(-5));
    await expect.element(progress).toHaveAttribute('aria-valuenow', '0');
    // An empty bar would read as "nothing here": a job that just started shows 2 %.
    expect(fill()).toBe('2%');
  });
});
