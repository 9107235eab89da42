import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Probe files linted with the project's own eslint.config.js, as if they sat at the given
 * paths: the imports the house refuses must be errors, the ones it allows must pass.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

// Real files the probes import: zones are checked on resolved paths, so each must exist.
const TARGETS = [
  'src/contract/task.ts',
  'src/engine/main.ts',
  'src/proxy/main.ts',
  'src/web/app/router.ts',
  'src/web/lib/cn.ts',
  'src/web/features/create/stores/prompt-store.ts',
  'src/web/features/feed/index.ts',
  'src/web/features/feed/card/job-card-list.tsx',
  'src/web/jobs/api/job-queries.ts',
];

let eslint: ESLint;
beforeAll(() => {
  // The probes are not on disk, so TypeScript's project service cannot place them: the
  // type-aware rules are off here (the zones and the path style need no types).
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** The rules that fire on `code` as the file `file`, names sorted, messages dropped. */
async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, {
    filePath: path.join(root, file),
  });
  const fatal = result?.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return (result?.messages ?? []).map((m) => m.ruleId ?? '').sort();
}

const ZONE = 'import-x/no-restricted-paths';
const STYLE = 'no-restricted-imports';
const use = (spec: string) => `import * as m from '${spec}';\nvoid m;`;

describe('the probes import real files', () => {
  it.each(TARGETS)('%s exists', (file) => {
    expect(existsSync(path.join(root, file))).toBe(true);
  });
});

describe('import zones refuse', () => {
  it.each([
    [
      "a feature importing another feature's file",
      'src/web/features/feed/x.ts',
      '../create/stores/prompt-store',
    ],
    [
      'the same, through the alias',
      'src/web/features/library/results/x.tsx',
      '@/web/features/feed/card/job-card-list',
    ],
    ['lib importing a feature', 'src/web/lib/x.ts', '../features/feed'],
    ['lib importing the job domain layer', 'src/web/lib/x.ts', '../jobs/api/job-queries'],
    [
      'a shared component importing the job domain layer',
      'src/web/components/ui/x.tsx',
      '@/web/jobs/api/job-queries',
    ],
    ['the job domain layer importing a feature', 'src/web/jobs/api/x.ts', '@/web/features/feed'],
    [
      "the job domain layer importing a feature's file",
      'src/web/jobs/x.ts',
      '../features/feed/card/job-card-list',
    ],
    ['the job domain layer importing app/', 'src/web/jobs/x.ts', '../app/router'],
    ['a shared component importing app/', 'src/web/components/ui/x.tsx', '@/web/app/router'],
    ['a feature importing app/', 'src/web/features/feed/x.ts', '@/web/app/router'],
    ['the engine importing the proxy', 'src/engine/tasks/x.ts', '../../proxy/main'],
    ['the proxy importing the engine', 'src/proxy/x.ts', '@/engine/main'],
    ['the web importing the engine', 'src/web/x.ts', '@/engine/main'],
    ['the web importing the proxy', 'src/web/jobs/api/x.ts', '@/proxy/main'],
    ['the contract importing the web', 'src/contract/x.ts', '../web/lib/cn'],
    ['the shared server code importing the engine', 'src/server/x.ts', '@/engine/main'],
    ['the engine importing the launcher', 'src/engine/x.ts', '../main'],
  ])('%s', async (_what, file, spec) => {
    expect(await rulesHit(file, use(spec))).toContain(ZONE);
  });

  it('type-only imports and dynamic imports too', async () => {
    const typeOnly = "import type { Job } from '@/proxy/main';\nexport type J = Job;";
    expect(await rulesHit('src/web/x.ts', typeOnly)).toContain(ZONE);
    const lazy = "export const load = () => import('@/web/features/create/stores/prompt-store');";
    expect(await rulesHit('src/web/features/feed/x.ts', lazy)).toEqual([ZONE]);
  });
});

describe('import zones allow', () => {
  it.each([
    [
      'a feature importing its own files',
      'src/web/features/feed/media/x.tsx',
      '../card/job-card-list',
    ],
    [
      "a feature importing another feature's index",
      'src/web/features/library/results/x.tsx',
      '@/web/features/feed',
    ],
    ['the same, by a relative path', 'src/web/features/lineage/x.tsx', '../feed'],
    ['a feature importing lib/ and the contract', 'src/web/features/feed/x.ts', '@/web/lib/cn'],
    [
      'a feature importing the job domain layer',
      'src/web/features/feed/x.ts',
      '@/web/jobs/api/job-queries',
    ],
    ['the job domain layer importing lib/', 'src/web/jobs/api/x.ts', '@/web/lib/cn'],
    ['the web importing the contract', 'src/web/lib/x.ts', '@/contract/task'],
    ['app/ importing a feature', 'src/web/app/x.tsx', '../features/feed'],
    ['app/ importing the job domain layer', 'src/web/app/x.tsx', '../jobs/api/job-queries'],
    ['the engine importing the contract', 'src/engine/tasks/x.ts', '@/contract/task'],
    ['the launcher importing the proxy', 'src/x.ts', '@/proxy/main'],
    ['the fuzz test importing the engine', 'src/fuzz/x.ts', '@/engine/main'],
    ['e2e importing the web', 'e2e/x.ts', '@/web/lib/cn'],
  ])('%s', async (_what, file, spec) => {
    expect(await rulesHit(file, use(spec))).toEqual([]);
  });
});

describe('path style in the aliased folders', () => {
  it.each([
    ['climbing two folders', 'src/web/features/feed/card/x.tsx', '../../../lib/cn'],
    ['the proxy climbing two folders', 'src/proxy/store/x.ts', '../../contract/events'],
    ['shared server code climbing two folders', 'src/server/a/x.ts', '../../contract/events'],
    ['leaving its program folder by ../', 'src/fuzz/x.ts', '../engine/main'],
    ['the engine leaving its folder by ../', 'src/engine/x.ts', '../contract/task'],
    ['the launcher reaching a program by ./', 'src/x.ts', './proxy/main'],
    ['e2e reaching into src/ by a relative path', 'e2e/x.ts', '../src/web/lib/cn'],
  ])('refuses %s', async (_what, file, spec) => {
    expect(await rulesHit(file, use(spec))).toEqual([STYLE]);
  });

  it('allows one level up inside the program', async () => {
    expect(
      await rulesHit('src/web/features/feed/media/x.tsx', use('../card/job-card-list')),
    ).toEqual([]);
  });
});
