/**
 * The studio's web build as it was on React 18.3 (commit 6d31bd8, the last before React 19),
 * for `first-paint.ts` to measure beside this tree's build: that commit's web source and
 * build config, taken with `git archive` into a temporary folder, built by this tree's Vite
 * with `react`, `react-dom` and `react-konva` (and their subpaths, `react/jsx-runtime`,
 * `react-dom/client`) resolved to the devDependencies `react-18`, `react-dom-18` and
 * `react-konva-18`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const NODE_MODULES = join(REPO, 'node_modules');

/** The last commit on React 18.3. */
export const REACT_18_COMMIT = '6d31bd8';

/** What its Vite build reads. */
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tailwind.config.ts',
  'public',
  'scripts/app-icons.ts',
  'scripts/first-page-chunk.ts',
  'scripts/precompress.ts',
  'src/web',
  'src/contract',
];

/** Its Vite config with React resolved to the 18 packages, built into `outDir`. */
const wrapperConfig = (outDir: string) => `
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

const to = (pkg) => ${JSON.stringify(NODE_MODULES)} + '/' + pkg + '$1';
export default mergeConfig(base, {
  resolve: {
    alias: [
      { find: /^react-dom(\\/.*)?$/, replacement: to('react-dom-18') },
      { find: /^react-konva(\\/.*)?$/, replacement: to('react-konva-18') },
      { find: /^react(\\/.*)?$/, replacement: to('react-18') },
    ],
  },
  build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true },
});
`;

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`)),
    );
  });
}

export interface React18Build {
  /** The built SPA, for `STUDIO_WEB_DIR`. */
  webDir: string;
  /** The React version it was built with. */
  react: string;
  remove: () => void;
}

/** Builds the React 18.3 SPA; `remove` deletes the source and the build. */
export async function buildReact18Web(): Promise<React18Build> {
  const root = mkdtempSync(join(tmpdir(), 'bench-react18-'));
  const src = join(root, 'src');
  const webDir = join(root, 'web');
  try {
    execFileSync('mkdir', [src]);
    const tar = execFileSync('git', ['archive', REACT_18_COMMIT, ...BUILD_INPUTS], {
      cwd: REPO,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', src], { input: tar });
    // Bare imports (vite, the plugins, the app's libraries) resolve to this tree's packages.
    symlinkSync(NODE_MODULES, join(src, 'node_modules'), 'dir');
    writeFileSync(join(src, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(src, 'react18.config.ts'), wrapperConfig(webDir));
    const vite = join(NODE_MODULES, 'vite', 'bin', 'vite.js');
    await run(process.execPath, [vite, 'build', '--config', 'react18.config.ts'], src);
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  const pkg = JSON.parse(readFileSync(join(NODE_MODULES, 'react-dom-18', 'package.json'), 'utf8'));
  return {
    webDir,
    react: (pkg as { version: string }).version,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
