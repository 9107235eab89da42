import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

// Import directions of docs/house-rules.md (rule 1), checked on resolved paths, so `@/x`,
// `../x` and `import type` are all seen. Each program names what it may import; every other
// folder of ours is refused. src/server is the shared server code engine and proxy may both
// use.
const OURS = [
  'src/contract',
  'src/server',
  'src/engine',
  'src/proxy',
  'src/web',
  'src/fuzz',
  'e2e',
  'bench',
  'scripts',
];
const LAUNCHER = 'src/*.{ts,tsx}';
const MAY_IMPORT = {
  'src/contract': [],
  'src/server': ['src/contract'],
  'src/engine': ['src/contract', 'src/server'],
  'src/proxy': ['src/contract', 'src/server'],
  'src/web': ['src/contract'],
};
const programZones = Object.entries(MAY_IMPORT).flatMap(([target, allowed]) => {
  const message = `${target} may import only ${[...allowed, 'npm packages'].join(', ')}.`;
  const from = OURS.filter((dir) => dir !== target && !allowed.includes(dir));
  // Two zones: the rule takes either folders or globs in one `from`, not both.
  return [
    { target, from, message },
    { target, from: [LAUNCHER], message },
  ];
});

// Inside the SPA (bulletproof-react's layers): a feature imports another feature only
// through its public entry, `features/<name>/index.ts`, never its files; the job domain
// layer (jobs/: the job data layer and what several features share) and the shared layers
// (lib/, components/, hooks/) import no feature and not app/; lib/, components/ and hooks/
// are below jobs/ and do not import it; features do not import app/. app/ composes them.
// Every folder of features/ gets its zone, so a new one is covered.
const web = (dir) => `src/web/${dir}`;
const features = readdirSync(`${root}src/web/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...features.map((name) => ({
    target: web(`features/${name}`),
    from: web('features'),
    except: [`./${name}`, ...features.filter((f) => f !== name).map((f) => `./${f}/index.ts`)],
    message:
      'A feature imports another feature only through its index.ts (`@/web/features/<name>`), not its files; move what several share to jobs/ (or lib/, components/, hooks/ when it knows no job).',
  })),
  {
    target: [web('jobs'), web('lib'), web('components'), web('hooks')],
    from: [web('features'), web('app')],
    message:
      'jobs/, lib/, components/ and hooks/ are shared by every feature: they import no feature and not app/.',
  },
  {
    target: [web('lib'), web('components'), web('hooks')],
    from: web('jobs'),
    message:
      'lib/, components/ and hooks/ know nothing of jobs: the job domain layer, jobs/, is above them.',
  },
  {
    target: web('features'),
    from: web('app'),
    message: 'Features do not import app/: app/ composes features, not the other way round.',
  },
];

// Path style, everywhere (scripts/alias-imports.ts writes it): relative imports stay inside
// their program folder and climb at most one level; anything further is `@/`.
const ALIASED = [
  'src/web/**',
  'src/engine/**',
  'src/contract/**',
  'src/fuzz/**',
  'src/proxy/**',
  'src/server/**',
  'src/*.ts',
  'e2e/**',
  'bench/**',
  'scripts/**',
];
const climbsTwo = {
  regex: '^\\.\\./\\.\\./',
  message: 'A relative import climbs at most one folder: write @/<path under src>.',
};
const pathStyle = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [climbsTwo, ...patterns] }] },
});
const leavesProgram = {
  regex: '^\\.\\./',
  message: 'This import leaves its program folder: write @/<path under src>.',
};

// Size limits hold for source, test support included; tests, e2e specs, benches and
// fixtures are exempt (a test reads best as one story, however long).
const NOT_SOURCE = [
  '**/*.test.{ts,tsx}',
  'e2e/**/*.spec.ts',
  'bench/**',
  '**/fixtures/**',
  '**/fixtures.ts',
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.e2e-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // A `default` does not make a switch over a union exhaustive: every member is handled
      // by name, so a new member is a lint error where it must be handled.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${root}tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...programZones, ...webZones] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  pathStyle(ALIASED),
  pathStyle(['src/*/*.{ts,tsx}'], leavesProgram),
  pathStyle(['src/*.ts'], {
    regex: '^\\./[^/]+/',
    message: 'The launcher reaches a program through @/<program>/...',
  }),
  pathStyle(['e2e/**', 'bench/**', 'scripts/**'], {
    regex: '^(\\.\\./)+src(/|$)',
    message: 'Code under src/ is imported as @/<path under src>.',
  }),
  // The engine's renders run on worker threads, which an abort ends mid-render: a node:zlib
  // object the end catches half made aborts the whole process (Node asserts "close before
  // init" as it cleans the thread up). They compress with fflate, plain JavaScript.
  {
    files: ['src/engine/media/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [climbsTwo],
          paths: [
            {
              name: 'node:zlib',
              allowImportNames: ['crc32'],
              message:
                'Media renders run on worker threads an abort terminates: compress with fflate (a zlib object caught half made aborts the process).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: NOT_SOURCE,
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
