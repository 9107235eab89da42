import { expect, test, type Page } from '@playwright/test';
import { startAccountStack, type AccountStack } from './account-stack';

/**
 * The studio's create queue in the feed: an engine account that runs one task and stages
 * none, and a burst of five creates. Four wait in the studio; every card shows its place
 * in line, the places count down as the one ahead finishes, a cancelled one goes, and the
 * rest drain. The studio is one of its own (see account-stack.ts).
 */
const BURST = 5;
const prompt = (i: number) => `a queued harbour ${i}`;

let stack: AccountStack;
test.beforeAll(async () => {
  stack = await startAccountStack({
    credits: 1_000_000,
    concurrency: 1,
    stagedLimit: 0,
    // Each step below must happen before the next task ends: the last card is still queued
    // after the cancel only while the task ahead of it runs. At 1.5 s a busy machine missed
    // that now and then; 3 s costs 6 s more to drain.
    taskMs: 3000,
    alertUsd: 1,
  });
});
test.afterAll(async () => {
  await stack.stop();
});

const card = (page: Page, i: number) =>
  page.getByRole('article', { name: `Job diffusion: ${prompt(i)}` });

test('a burst waits in the studio, its places count down, and a cancelled create goes', async ({
  page,
}) => {
  await page.goto(stack.url);
  // Watching the studio's events before the burst, so each card shows its place from the
  // start (the first task takes only 3 s).
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  const statuses: number[] = [];
  for (let i = 0; i < BURST; i++) {
    const res = await fetch(`${stack.url}/studio-api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'diffusion', params: { text: prompt(i) } }),
    });
    statuses.push(res.status);
  }
  // The first is made; the service has no room for the second, and the rest queue behind.
  expect(statuses).toEqual([200, 202, 202, 202, 202]);

  // The last one waits fourth in line, and counts down as the ones ahead are sent.
  const last = card(page, 4);
  await expect(last.getByTestId('queued-place')).toHaveText('Queued · 4th in line');
  await expect(last.getByTestId('queued-place')).toHaveText('Queued · 3rd in line', {
    timeout: 30_000,
  });
  await expect(card(page, 3).getByTestId('queued-place')).toHaveText('Queued · 2nd in line');
  await expect(last.getByRole('progressbar')).toHaveCount(0);

  // Cancelled while it waits: it leaves the feed, and the one behind moves up.
  await card(page, 3).getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 3)).toHaveCount(0);
  await expect(last.getByTestId('queued-place')).toHaveText(/Queued · [12](st|nd) in line/);

  // The rest drain: every card but the cancelled one completes.
  for (const i of [0, 1, 2, 4]) {
    await expect(card(page, i).locator('[data-status="completed"]')).toBeVisible({
      timeout: 60_000,
    });
  }
  const active = await stack.service('active_tasks');
  expect(active.total_active).toBe(0);
  const jobs = (await (await fetch(`${stack.url}/studio-api/jobs?limit=20`)).json()) as {
    jobs: { prompt: string }[];
  };
  expect(jobs.jobs.map((j) => j.prompt).sort()).toEqual([0, 1, 2, 4].map(prompt).sort());
});
