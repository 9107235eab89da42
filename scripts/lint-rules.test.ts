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
      'a feature importing another feature',
      'src/web/features/jobs/x.ts',
      '../create/stores/prompt-store',
    ],
    [
      'the same, through the alias',
      'src/web/features/jobs/x.ts',
      '@/web/features/create/stores/prompt-store',
    ],
    ['lib importing a feature', 'src/web/lib/x.ts', '../features/jobs/api/bulk-jobs'],
    ['a shared component importing app/', 'src/web/components/ui/x.tsx', '@/web/app/router'],
    ['a feature importing app/', 'src/web/features/jobs/x.ts', '@/web/app/router'],
    ['the engine importing the proxy', 'src/engine/tasks/x.ts', '../../proxy/main'],
    ['the proxy importing the engine', 'src/proxy/x.ts', '@/engine/main'],
    ['the web importing the engine', 'src/web/x.ts', '@/engine/main'],
    ['the web importing the proxy', 'src/web/features/jobs/api/x.ts', '@/proxy/main'],
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
    expect(await rulesHit('src/web/features/jobs/x.ts', lazy)).toEqual([ZONE]);
  });
});

describe('import zones allow', () => {
  it.each([
    [
      'a feature importing its own files',
      'src/web/features/jobs/components/x.tsx',
      '../api/bulk-jobs',
    ],
    ['a feature importing lib/ and the contract', 'src/web/features/jobs/x.ts', '@/web/lib/cn'],
    ['the web importing the contract', 'src/web/lib/x.ts', '@/contract/task'],
    ['app/ importing a feature', 'src/web/app/x.tsx', '../features/jobs/api/bulk-jobs'],
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
    ['climbing two folders', 'src/web/features/jobs/components/x.tsx', '../../../lib/cn'],
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
      await rulesHit('src/web/features/jobs/components/x.tsx', use('../api/bulk-jobs')),
    ).toEqual([]);
  });
});
