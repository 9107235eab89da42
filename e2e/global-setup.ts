/** Runs once in Playwright's runner, before any worker launches the browser. */
import { chooseChromium } from './chromium';

export default async function globalSetup(): Promise<void> {
  const chromium = chooseChromium();
  const started = Date.now();
  await chromium.prepare();
  console.log(`e2e browser: ${chromium.label}, ready in ${Date.now() - started} ms`);
}
