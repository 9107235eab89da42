import {
  expect,
  test,
  type Locator,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import { startOutageStack, type OutageStack } from './outage-stack';

/**
 * Outages of the image service as a user meets them (the studio is one of its own, its
 * engine a process that can be killed and started again: outage-stack.ts):
 * - while nothing runs, the studio asks the service nothing, so the first create finds the
 *   outage: it fails and the header says so at once;
 * - while a job runs, the header says so within 5 s, the card says it waits, and a create
 *   is refused before it is sent.
 * In both, once the engine answers again the header says Live within 2 s, and a create is
 * accepted; the refusal's words go with the outage, and the running job finishes on its
 * own, without a reload. The first test must run while nothing runs: the file's tests run
 * in order, on one stack.
 */
let stack: OutageStack;
test.beforeAll(async () => {
  stack = await startOutageStack(8000);
});
test.afterAll(async () => {
  await stack.stop();
});

/** Back within 2 s of the service's first answer (the engine's start ends at it). */
const BACK_MS = 2000;

const isCreate = (r: Request) => r.url().endsWith('/studio-api/jobs') && r.method() === 'POST';

/**
 * The studio, open, Live and settled; its header. The header's balance is read once the
 * page is first idle, and that read asks the service: the page is settled once it shows,
 * so an outage begun after this is found by the test's own requests, not by that read
 * (which, on a busy machine, could otherwise come after the engine stopped and find the
 * outage first, so the create would rightly be refused unsent).
 */
async function openLive(page: Page): Promise<Locator> {
  await page.goto(stack.url);
  const header = page.getByRole('banner');
  await expect(header.getByText('Live', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Balance: \d/ })).toBeVisible();
  return header;
}

/** Types a prompt and presses Generate; the answer, when a request was sent. */
async function generate(page: Page, prompt: string): Promise<Response> {
  const answered = page.waitForResponse((r) => isCreate(r.request()));
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
  return answered;
}

test('an outage while nothing runs shows at the first create, and its end within moments', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const header = await openLive(page);

  await stack.stopEngine();
  const failed = await generate(page, 'a harbour at dawn');
  expect(failed.status()).toBe(502);
  await expect(header.getByText('Service unreachable')).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('alert').filter({ hasText: 'could not be reached' })).toBeVisible();

  await stack.startEngine();
  await expect(header.getByText('Live', { exact: true })).toBeVisible({ timeout: BACK_MS });
  const accepted = await generate(page, 'a harbour at noon');
  expect(accepted.status()).toBe(200);
});

test('an engine outage is said in words, and the running job finishes once it is back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const header = await openLive(page);

  const created = await generate(page, 'a lighthouse in fog');
  const { job: made } = (await created.json()) as { job: { id: string } };
  const card = page.locator(`article[id="job-${made.id}"]`);
  await expect(card.getByRole('progressbar')).toBeVisible();

  await stack.stopEngine();
  await expect(header.getByText('Service unreachable')).toBeVisible({ timeout: 5000 });
  await expect(header.getByRole('status')).toContainText('cannot reach the image service');
  await expect(card.getByText(/Waiting for the image service/)).toBeVisible({ timeout: 5000 });
  await expect(card.locator('[data-status]').first()).not.toHaveAttribute(
    'data-status',
    'completed',
  );
  // A create now is refused with that reason before it is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (isCreate(r)) sent++;
  });
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a second lighthouse');
  await page.getByRole('button', { name: 'Generate' }).click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'cannot be reached, so nothing was sent' });
  await expect(refusal).toBeVisible();
  expect(sent).toBe(0);

  await stack.startEngine();
  await expect(header.getByText('Live', { exact: true })).toBeVisible({ timeout: BACK_MS });
  // The refusal told of the outage, which is over: it never stands beside Live.
  await expect(refusal).toBeHidden();
  await expect(card.getByText(/Waiting for the image service/)).toBeHidden();
  const accepted = await generate(page, 'a third lighthouse');
  expect(accepted.status()).toBe(200);
  await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
});
