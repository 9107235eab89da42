import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS } from './scripts/app-icons.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { FIRST_PAGE_CHUNK, firstPageGroups } from './scripts/first-page-chunk.ts';
import { precompress } from './scripts/precompress.ts';
import { THEME_SCRIPT } from './src/web/lib/theme-script.ts';

/** The app's background (zinc-950), its window's while it starts and its title bar's. */
const APP_BACKGROUND = '#09090b';

/**
 * The installable app: the web manifest (linked from index.html and the sign-in page) and
 * the service worker, src/web/pwa/sw.ts, which precaches index.html and the build's hashed
 * files and nothing else. The page registers it itself (src/web/pwa/register.ts).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/web/pwa',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    name: 'Image & Video Studio',
    short_name: 'Studio',
    description: 'Create, edit and keep images and videos.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: APP_BACKGROUND,
    background_color: APP_BACKGROUND,
    icons: APP_ICONS.map((icon) => ({
      src: `/icons/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
  },
  injectManifest: {
    // The shell and the hashed build only (the plugin adds the manifest): the icons and the
    // favicon load from the network like any other file, and no answer of the studio is
    // ever kept.
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

const THEME_SCRIPT_PLACE =
  '<!-- theme-script: the build puts src/web/lib/theme-script.ts here, before the stylesheet -->';

/**
 * index.html's theme script, in the place index.html keeps for it: in the head, before the
 * stylesheet and the app's scripts, which an inline script after them would wait for.
 */
const themeBeforeFirstPaint: Plugin = {
  name: 'theme-before-first-paint',
  transformIndexHtml: {
    order: 'pre',
    handler(html) {
      if (!html.includes(THEME_SCRIPT_PLACE))
        throw new Error('index.html has no place for the theme script');
      return html.replace(THEME_SCRIPT_PLACE, () => `<script>${THEME_SCRIPT}</script>`);
    },
  },
};

/** The chunk of the answers' schemas, which the first page imports as it starts. */
const ANSWER_SCHEMAS = {
  entry: path.resolve('src/web/lib/answer-schemas.ts'),
  name: 'answer-schemas',
};

// The SPA lives in src/web; the proxy serves the build from dist/web.
export default defineConfig({
  root: '.',
  plugins: [
    react(),
    tailwindcss(),
    themeBeforeFirstPaint,
    installableApp,
    compileHints([FIRST_PAGE_CHUNK, ANSWER_SCHEMAS.name]),
    precompress(),
  ],
  // `@/x` is `src/x`, as tsconfig.json's `paths` says (the one place it is spelled out).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The answers' schemas are imported as soon as the page starts (src/web/lib/http.ts),
    // while the first chunk is still being evaluated, and are one chunk (firstPageChunk's
    // `early`): a plain import() lets the browser fetch it and run it the moment it is
    // there, where preloading chunks first waits for the preload links' load events,
    // behind the app's first render. Its fetch still starts during that evaluation, by the
    // link the preloading helper adds for it as a chunk that zod's locale imports
    // (src/web/zod-config.ts): the browser starts a link's fetch at once, and a plain
    // import()'s only once the task that made it has ended. In a build where the locale
    // came by a plain import() too, the schemas were asked for 60-90 ms after the feed
    // rather than 9 ms, and the first card came 100-180 ms later (CPU throttled 4×).
    modulePreload: {
      resolveDependencies: (file, deps) => (/answer-schemas/.test(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: firstPageGroups(path.resolve('src/web/main.tsx'), ANSWER_SCHEMAS),
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
