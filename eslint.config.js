import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import directions of DESIGN.md: contract imports nothing of ours; web, proxy and engine
// import contract; web never imports proxy or engine; proxy and engine never import each other.
const ours = (...names) =>
  names.flatMap((n) => [`**/${n}/*`, `**/${n}`, `../${n}/*`, `../../${n}/*`, `../../../${n}/*`]);
const restrict = (message, ...names) => [
  'error',
  { patterns: [{ group: ours(...names), message }] },
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
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict('contract imports only zod', 'engine', 'proxy', 'web'),
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict('engine imports only contract', 'proxy', 'web'),
    },
  },
  {
    files: ['src/proxy/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict('proxy imports only contract', 'engine', 'web'),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict('web imports only contract', 'engine', 'proxy'),
    },
  },
  {
    // Features of the SPA do not import each other; shared UI lives in components/.
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ours('engine', 'proxy'), message: 'web imports only contract' },
            {
              group: ['../../*/**', '!../../../**', '**/features/*/**'],
              message: 'features do not import each other; move shared code to components/ or lib/',
            },
          ],
        },
      ],
    },
  },
);
