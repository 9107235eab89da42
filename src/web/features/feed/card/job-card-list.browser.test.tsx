import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { page } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testClient } from '@/web/components/testing/render-with-client';
import { gridJob, stubStudio } from '@/web/jobs/testing';
import '@/web/styles.css';
import { JobCardList } from './job-card-list';

const JOBS = Array.from({ length: 9 }, (_, i) => gridJob(`card${String(i).padStart(8, '0')}`));
const cards = () => document.querySelectorAll('article[id^="job-"]').length;

/**
 * How many cards the list's first render put in the document, seen as it was committed (a
 * mutation observer runs before React's next render), and that it then drew all nine.
 */
async function firstDrawn(wide: boolean): Promise<number | null> {
  let first: number | null = null;
  const observer = new MutationObserver(() => {
    if (first === null && cards() > 0) first = cards();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(
    <QueryClientProvider client={testClient()}>
      <JobCardList jobs={JOBS} label="Jobs" wide={wide} onUsePrompt={undefined} />
    </QueryClientProvider>,
  );
  await expect.poll(cards).toBe(JOBS.length);
  observer.disconnect();
  root.unmount();
  host.remove();
  return first;
}

describe('a feed’s first render', () => {
  beforeEach(() => {
    stubStudio();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await page.viewport(1280, 800);
  });

  it('draws the cards a laptop’s window shows, one, then every card', async () => {
    await page.viewport(1280, 800);
    expect(await firstDrawn(true)).toBe(1);
  });

  it('draws as many rows as a tall window shows, in two columns where the list has them', async () => {
    await page.viewport(1600, 1500);
    expect(await firstDrawn(true)).toBe(4);
    expect(await firstDrawn(false)).toBe(2);
  });
});
