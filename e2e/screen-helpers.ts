import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * A screenshot the README shows, as `docs/<name>` when DOCS_SCREENSHOTS=1 (npm run
 * screenshots); any other run writes it under test-results/, so that tests leave the
 * tracked files as they were.
 */
export async function docsScreenshot(
  page: Page,
  name: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  const dir = process.env.DOCS_SCREENSHOTS === '1' ? 'docs' : 'test-results/docs';
  await page.screenshot({ ...options, path: `${dir}/${name}` });
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${where}: page width ${scroll} px in a ${inner} px window`).toBeLessThanOrEqual(
    inner,
  );
}

/** Wholly inside the window, left to right: reachable without scrolling sideways. */
export async function expectWithinWidth(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

/**
 * Serious and critical axe violations on the page, or inside `include`, as readable lines;
 * a skipped heading level too (axe calls it moderate), since people navigate by headings.
 */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => {
      const where = v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`);
      return `${v.id} ×${v.nodes.length}: ${where.join('; ')}`;
    });
}

/** Waits until a job's card says its job completed. */
export async function expectCompleted(card: Locator): Promise<void> {
  await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
}

/** Creates a job from the prompt box and waits for its grid. */
export async function createGrid(page: Page, prompt: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
  const name = new RegExp(`diffusion: ${prompt.split(' --')[0] ?? prompt}`, 'i');
  const job = page.getByRole('article', { name }).first();
  await expectCompleted(job);
  return job;
}
