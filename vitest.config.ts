import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import type { BrowserCommand } from 'vitest/node';
import { tsImport } from 'tsx/esm/api';
import type * as FirstScreen from './src/web/server/first-screen';
import { chooseChromium } from './e2e/chromium.ts';

/**
 * The page the studio server sends with the Create page's first screen drawn in, drawn in
 * Node as the server draws it (its own copy of the app's modules, no browser storage), for
 * a component test to render over in the browser.
 */
const drawFirstScreen: BrowserCommand<[template: string, body: string]> = async (
  _context,
  template,
  body,
) => {
  const drawer = (await tsImport(
    './src/web/server/first-screen.tsx',
    import.meta.url,
  )) as typeof FirstScreen;
  const { head, rest } = drawer.firstScreen.cut(template);
  return head + drawer.firstScreen.draw(rest, { body, eventPosition: '41' });
};

/** Component tests: rendered by React in a real Chromium, the one the browser suite uses. */
const COMPONENT_TESTS = 'src/web/**/*.browser.test.tsx';

export default defineConfig({
  // `@/x` is `src/x`, from tsconfig.json's `paths`.
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // What a test waits for (expect.poll, and expect.element in the browser) may take a
    // few seconds on a busy 2-core machine, as a worker's first load: 1 s, the default, is
    // not enough there. A wait that ends sooner goes on at once.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          // Playwright's specs run in the browser suite (npm run test:e2e), never here.
          exclude: ['e2e/**/*.spec.ts', COMPONENT_TESTS, 'node_modules/**', 'dist/**'],
          environment: 'node',
          pool: 'forks',
          // Two at once on a 2-core machine (the default would be one): many of these wait
          // on child processes, sockets and PostgreSQL rather than the CPU. Measured with
          // the unit project alone: 11 min 49 s with one, 8 min 37 s with two. (Vitest runs
          // projects of different worker counts one after the other: the components first.)
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        plugins: [react(), tailwindcss()],
        // Every package the components use is bundled before the first test runs: found
        // later, it would make Vite reload the page under a running test.
        optimizeDeps: { entries: ['src/web/**/*.{ts,tsx}', '!src/web/**/*.test.ts'] },
        test: {
          name: 'components',
          include: [COMPONENT_TESTS],
          sequence: { groupOrder: 0 },
          // Unpacks the npm-shipped browser the first time, as the browser suite does.
          globalSetup: ['e2e/global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            // Dark is the studio's own look; a test that needs light asks for it.
            provider: playwright({
              launchOptions: chooseChromium().launch,
              contextOptions: { colorScheme: 'dark' },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
            screenshotFailures: false,
            commands: { drawFirstScreen },
          },
        },
      },
    ],
  },
});
