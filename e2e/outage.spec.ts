import { expect, test } from '@playwright/test';
import { startOutageStack, type OutageStack } from './outage-stack';

/**
 * The engine stops while a job runs: within 5 s the header says in words that the service
 * cannot be reached and the card says it waits for it, and a create is refused before it
 * is sent; the engine comes back and the job finishes on its own, without a reload. The
 * studio is one of its own (outage-stack.ts).
 */
let stack: OutageStack;
test.beforeAll(async () => {
  stack = await startOutageStack(8000);
});
test.afterAll(async () => {
  await stack.stop();
});

test('an engine outage is said in words, and the running job finishes once it is back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(stack.url);
  const header = page.getByRole('banner');
  await expect(header.getByText('Live', { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse in fog');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/studio-api/jobs') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate' }).click();
  const { job: made } = (await (await created).json()) as { job: { id: string } };
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
    if (r.url().endsWith('/studio-api/jobs') && r.method() === 'POST') sent++;
  });
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a second lighthouse');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'cannot be reached, so nothing was sent' }),
  ).toBeVisible();
  expect(sent).toBe(0);

  await stack.startEngine();
  await expect(header.getByText('Live', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText(/Waiting for the image service/)).toBeHidden();
  await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
});
