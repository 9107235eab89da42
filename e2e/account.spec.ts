import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startAccountStack, type AccountStack } from './account-stack';
import { docsScreenshot } from './screen-helpers';
import { watchForUuids } from './uuid-watch';

/**
 * The account dashboard against an engine account of known balance: a burst of jobs of
 * several operations (one fails and is refunded, one is another client's) while the page
 * is open. During and after
 * it every figure equals the service's own account endpoints within a second; the spending
 * sums equal the jobs' consumed credits; the CSV has a row per job; the user's threshold
 * raises the banner; a create the balance cannot cover is refused before it is sent; a
 * reload keeps it all. The studio is one of its own (see account-stack.ts).
 */
const CREDITS = 2000;
const THRESHOLD = 1800;
/** The page may trail the service by one read (1 s), plus this for the test's own reads. */
const LAG_MS = 1000;
const SLACK_MS = 300;

let stack: AccountStack;
test.beforeAll(async () => {
  stack = await startAccountStack({ credits: CREDITS, concurrency: 2, taskMs: 1500, alertUsd: 1 });
});
test.afterAll(async () => {
  await stack.stop();
});

interface Figures {
  available: number;
  /** The header's badge: the same figure as the page. */
  badge: number;
  usd: number;
  frozen: number;
  active: number;
  slots: number;
  staged: number;
  states: string;
}

type Counts = Record<
  string,
  { staged: number; pending: number; processing: number; retry: number }
>;
const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);

async function serviceFigures(): Promise<Figures> {
  const [b, a, i] = await Promise.all([
    stack.service('balance'),
    stack.service('active_tasks'),
    stack.service('info'),
  ]);
  const counts = Object.values(a.by_model as Counts);
  const sum = (k: 'staged' | 'pending' | 'processing' | 'retry') =>
    counts.reduce((n, c) => n + c[k], 0);
  const pack = i.credit_pack_info as { frozen_credits: number };
  const wallet = i.wallet as { point_frozen: number };
  const tasks = a.tasks as { status: string }[];
  const available = num(b.available_credits) + num(b.available_points);
  return {
    available,
    badge: available,
    usd: num(b.balance_usd),
    frozen: pack.frozen_credits + wallet.point_frozen,
    active: num(a.total_active),
    slots: sum('pending') + sum('processing') + sum('retry'),
    staged: sum('staged'),
    states: tasks
      .map((t) => t.status)
      .sort()
      .join(','),
  };
}

/** What the page shows, read in one go (the exact numbers are in `data-value`). */
const pageFigures = (page: Page): Promise<Figures> =>
  page.evaluate(() => {
    const value = (id: string) =>
      Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-value') ?? NaN);
    const rows = [...document.querySelectorAll('[data-testid="active-task"]')];
    const badge = document.querySelector('a[aria-label^="Balance:"]')?.getAttribute('aria-label');
    return {
      available: value('balance-available'),
      badge: Number((badge ?? '').replace(/\D/g, '') || NaN),
      usd: value('balance-usd'),
      frozen: value('balance-frozen'),
      active: value('active-total'),
      slots: value('active-slots'),
      staged: value('active-staged'),
      states: rows
        .map((r) => r.getAttribute('data-status') ?? '')
        .sort()
        .join(','),
    };
  });

/**
 * A page just loaded: the header's badge is a chunk loaded once the page is first idle,
 * which on a busy machine comes after the account page's figures; the figures wait for it.
 */
async function reloaded(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('a[aria-label^="Balance: "]')).not.toHaveAttribute(
    'aria-label',
    'Balance: loading',
  );
}

/**
 * The page shows what the service reports within LAG_MS of reading it; when the service
 * moved on meanwhile (a task changed state), the newer figures are the target instead.
 */
async function expectPageFollowsService(page: Page): Promise<void> {
  let want = await serviceFigures();
  for (let attempt = 0; attempt < 10; attempt++) {
    const since = Date.now();
    while (Date.now() - since < LAG_MS + SLACK_MS) {
      if (JSON.stringify(await pageFigures(page)) === JSON.stringify(want)) return;
      await page.waitForTimeout(50);
    }
    const now = await serviceFigures();
    if (JSON.stringify(now) === JSON.stringify(want)) {
      expect(await pageFigures(page), 'the page a second after the service').toEqual(want);
    }
    want = now;
  }
  throw new Error('the service never held still for a second');
}

interface CreatedJob {
  id: string;
  operation: string;
}

async function create(page: Page, body: object): Promise<CreatedJob> {
  const res = await page.request.post(`${stack.url}/studio-api/jobs`, { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { job: CreatedJob }).job;
}

interface StoredJob {
  id: string;
  operation: string;
  status: string;
  cost: { consumed: number };
}

async function jobsNow(page: Page): Promise<StoredJob[]> {
  const res = await page.request.get(`${stack.url}/studio-api/jobs?limit=200`);
  return ((await res.json()) as { jobs: StoredJob[] }).jobs;
}

const banner = (page: Page) => page.getByRole('status', { name: 'Low balance' });

test('live balance, active tasks and spending through a burst, with the banner and a refused create', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const watch = watchForUuids(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${stack.url}/#/account?days=7`);
  await expect(page.getByTestId('balance-available')).toHaveAttribute(
    'data-value',
    String(CREDITS),
  );
  await expect(page.getByText(/Days are your local days \(.+\)\./)).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('textbox', { name: 'Alert me below (credits)' }).fill('1,800');

  // The burst: two images, a text job, and a retexture of an image that does not exist,
  // which fails and is refunded. Two slots: the rest are staged.
  const fox = await create(page, { operation: 'diffusion', params: { text: 'acct a red fox' } });
  const lighthouse = await create(page, {
    operation: 'diffusion',
    params: { text: 'acct a lighthouse --turbo' },
  });
  await create(page, {
    operation: 'shorten',
    params: { prompt: 'acct a long winding prompt about a quiet harbour at dawn' },
  });
  await create(page, {
    operation: 'retexture',
    params: { imgUrl: `${stack.url}/u/no-such-upload.png`, remixPrompt: 'bronze' },
  });
  // The tasks are listed while they run (checked at once: two rounds of 1.5 s tasks).
  await expect(page.getByTestId('active-task').first()).toBeVisible();
  // Below the user's threshold (2000 - 80 - 160 - 20 - 120 frozen): the banner says so.
  await expect(banner(page)).toContainText(
    `below your alert at ${THRESHOLD.toLocaleString('en-US')} credits`,
  );
  for (let i = 0; i < 3; i++) await expectPageFollowsService(page);
  // Every task so far has a card here; none is another client's.
  await expect(page.getByText('another client on this key')).toHaveCount(0);
  // Another client on the same key: its task is listed, with no id and no link.
  const other = await fetch(`${stack.engineUrl}/api/v1/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
    body: JSON.stringify({ prompt: 'a prompt from another client of the same account' }),
  });
  expect(other.ok).toBe(true);
  // The studio hears nothing of another client's tasks, and reads the account only when
  // something changes it: they show at the next page load (a full read, though the
  // studio's own jobs are still moving), and are followed from then on.
  await reloaded(page);
  await expect(page.getByText('another client on this key')).toBeVisible();
  await expectPageFollowsService(page);

  // Follow-ups once their parents are done: an upscale, and a variation that inherits turbo.
  const parents = [fox.id, lighthouse.id];
  await expect
    .poll(
      async () =>
        (await jobsNow(page)).filter((j) => parents.includes(j.id) && j.status === 'completed')
          .length,
      { timeout: 60_000 },
    )
    .toBe(2);
  await create(page, { operation: 'upscale', parentId: fox.id, params: { imageNo: 0, type: 0 } });
  await create(page, {
    operation: 'variation',
    parentId: lighthouse.id,
    params: { imageNo: 1, type: 1 },
  });
  await expectPageFollowsService(page);
  await expect
    .poll(
      async () =>
        (await jobsNow(page)).filter((j) => !['completed', 'failed'].includes(j.status)).length,
      {
        timeout: 90_000,
      },
    )
    .toBe(0);
  await expectPageFollowsService(page);
  await expect(page.getByText('Nothing is running.')).toBeVisible();

  // Spending: per day and per operation, the sums of the jobs' consumed credits.
  const jobs = await jobsNow(page);
  expect(jobs).toHaveLength(6);
  expect(jobs.filter((j) => j.status === 'failed').map((j) => j.operation)).toEqual(['retexture']);
  const consumed = jobs.reduce((n, j) => n + j.cost.consumed, 0);
  expect(consumed).toBe(80 + 160 + 20 + 120 + 240);
  await expect(page.getByTestId('spending-consumed')).toHaveAttribute(
    'data-value',
    String(consumed),
  );
  await expect(page.getByTestId('spending-refunded')).toHaveAttribute('data-value', '120');
  // Every job ran today: one stacked bar, a segment per operation that consumed credits,
  // and its tooltip says the day's total.
  const chart = page.getByTestId('spending-chart');
  const consumers = new Set(jobs.filter((j) => j.cost.consumed > 0).map((j) => j.operation));
  await expect(chart.locator('[data-segment]')).toHaveCount(consumers.size);
  await chart.locator('[data-segment]').first().hover();
  await expect(page.getByTestId('chart-tooltip')).toContainText(`${consumed} credits`);
  // The keyboard reaches the same figures: on the focused chart, Home is the first day
  // (nothing spent), End the last, today.
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('chart-tooltip')).toBeHidden();
  await chart.getByRole('img').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('chart-tooltip')).toContainText(/: 0 credits/);
  await page.keyboard.press('End');
  await expect(page.getByTestId('chart-tooltip')).toContainText(`${consumed} credits`);
  const byOperation = new Map<string, number>();
  for (const j of jobs)
    byOperation.set(j.operation, (byOperation.get(j.operation) ?? 0) + j.cost.consumed);
  const opRows = page.getByTestId('operations-table').locator('tbody tr');
  await expect(opRows).toHaveCount(byOperation.size);
  for (const [op, credits] of byOperation) {
    await expect(opRows.and(page.locator(`[data-operation="${op}"]`))).toHaveAttribute(
      'data-consumed',
      String(credits),
    );
  }
  await page.getByRole('button', { name: 'Show as table' }).click();
  const dayTotals = await page
    .getByTestId('daily-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-total'))));
  expect(dayTotals).toHaveLength(7);
  expect(dayTotals.reduce((a, b) => a + b, 0)).toBe(consumed);
  await page.getByRole('button', { name: 'Show chart' }).click();

  // The ledger as CSV: one row per job, the same sums, handles only.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV (all jobs)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('date,job,operation,speed,status,frozen,consumed,refunded,person');
  const rows = csv.slice(1).map((l) => l.split(','));
  // Every job is the local owner's: a studio without sign-in opens as them.
  expect(new Set(rows.map((r) => r[8]))).toEqual(new Set(['Owner']));
  expect(rows.map((r) => r[1]).sort()).toEqual(jobs.map((j) => j.id).sort());
  expect(rows.reduce((n, r) => n + Number(r[6]), 0)).toBe(consumed);
  expect(rows.reduce((n, r) => n + Number(r[7]), 0)).toBe(120);
  expect(rows.find((r) => r[1] === lighthouse.id)?.[3]).toBe('turbo');

  // The most expensive job links to its card; a 720p video of it (turbo, as its prompt
  // says) costs more than is left.
  await page.evaluate(() => window.scrollTo(0, 0));
  await docsScreenshot(page, 'account.png', { fullPage: true });
  await page.getByTestId('top-jobs').getByRole('link').first().click();
  const card = page.getByRole('article', { name: /variation/ });
  await card.getByRole('button', { name: 'More actions for image 1' }).click();
  await page
    .getByRole('menu', { name: 'Actions for image 1' })
    .getByRole('menuitem', { name: 'Animate…' })
    .click();
  const animate = page.getByRole('dialog', { name: 'Animate image 1' });
  await animate.getByRole('radio', { name: '720p' }).click();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await animate.getByRole('button', { name: 'Animate' }).click();
  const refusal = card.getByRole('alert');
  // The other client's task was paid from the same balance.
  const left = (CREDITS - consumed - 20).toLocaleString('en-US');
  expect((await serviceFigures()).available).toBe(CREDITS - consumed - 20);
  await expect(refusal).toContainText(
    `Not enough credits: Video diffusion costs 3,072 credits and the balance is ${left} credits.`,
  );
  expect(posts).toEqual([]);
  await refusal.getByRole('link', { name: 'Open Account' }).click();
  await expect(page).toHaveURL(/#\/account$/);

  // A reload keeps everything: the figures, the spending, the threshold and its banner.
  await reloaded(page);
  await expectPageFollowsService(page);
  await expect(page.getByTestId('spending-consumed')).toHaveAttribute(
    'data-value',
    String(consumed),
  );
  await expect(page.getByRole('textbox', { name: 'Alert me below (credits)' })).toHaveValue('1800');
  await expect(banner(page)).toBeVisible();

  const report = await watch.report();
  expect(report.leaks).toEqual([]);
  expect(report.bodies).toBeGreaterThan(5);
});
