import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstPageChunk } from './scripts/first-page-chunk.ts';
import { precompress } from './scripts/precompress.ts';

// The SPA lives in src/web; the proxy serves the build from dist/web.
export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), precompress()],
  // `@/x` is `src/x`, as tsconfig.json's `paths` says (the one place it is spelled out).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: firstPageChunk(path.resolve('src/web/main.tsx')), debugName: 'first-page' },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // changeOrigin: the studio answers only the hosts it is served under, and the dev
    // server's own (localhost:5173) is not one of them.
    proxy: {
      '/studio-api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/media': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
