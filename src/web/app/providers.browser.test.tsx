import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import { Providers } from './providers';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the app’s data client', () => {
  it('asks for the Create page’s feed as it starts, before the page has mounted', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      return jsonResponse(makeList([makeJob()]));
    });
    window.location.hash = '';
    const screen = await render(
      <Providers>
        <p>a page with no feed</p>
      </Providers>,
    );
    await expect.element(screen.getByText('a page with no feed')).toBeVisible();
    await expect.poll(() => asked.filter((u) => u.startsWith('/studio-api/jobs?'))).toHaveLength(1);
  });
});
