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

/**
 * Nothing on the page is wider than the window: no sideways scrolling, of the document or
 * of the body. On failure the message names the elements that reach past the right edge.
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { html, body, wide } = await page.evaluate(() => {
    const { documentElement: root, body: b } = document;
    const edge = root.clientWidth;
    // A tag, an id, a test id, or failing those the first test id inside.
    const name = (e: Element) => {
      const id = e.id ? `#${e.id}` : '';
      const own = e.getAttribute('data-testid');
      const inner = e.querySelector('[data-testid]')?.getAttribute('data-testid');
      const tested = own ? `[data-testid=${own}]` : inner ? ` holding ${inner}` : '';
      return `${e.tagName.toLowerCase()}${id}${tested}`;
    };
    // What a box of its own scrolls or clips is not the page's width.
    const clipped = (e: Element): boolean => {
      for (let a = e.parentElement; a && a !== b; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...b.querySelectorAll('*')].filter(
      (e) => e.getBoundingClientRect().right > edge + 0.5 && !clipped(e),
    );
    // The outermost ones only: an element past the edge inside another past it adds nothing.
    const outermost = past.filter((e) => !past.some((o) => o !== e && o.contains(e)));
    return {
      html: { scroll: root.scrollWidth, client: root.clientWidth },
      body: { scroll: b.scrollWidth, client: b.clientWidth },
      wide: outermost
        .slice(0, 5)
        .map((e) => `${name(e)} to ${Math.round(e.getBoundingClientRect().right)} px`),
    };
  });
  const says = (what: string, w: { scroll: number; client: number }) =>
    `${where}: ${what} ${w.scroll} px wide in ${w.client} px (${wide.join(', ') || 'nothing past the edge'})`;
  expect(html.scroll, says('the page', html)).toBeLessThanOrEqual(html.client);
  expect(body.scroll, says('the body', body)).toBeLessThanOrEqual(body.client);
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
