import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@/x` is `src/x`, from tsconfig.json's `paths`.
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    // Playwright's specs run in the browser suite (npm run test:e2e), never here.
    exclude: ['e2e/**/*.spec.ts', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
