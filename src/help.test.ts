import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineHelp, engineSettings, loadEngineConfig } from '@/engine/config';
import { loadProxyConfig, proxySettings } from '@/proxy/config';
import { plain, readmeCells, type SettingRow } from '@/server/settings';
import { launcherHelp } from './main';

/** Every variable `load` reads from the environment it is given. */
function readBy(load: (env: NodeJS.ProcessEnv) => unknown): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  try {
    load(env);
  } catch {
    // Required settings are missing: only what was read matters here.
  }
  return [...read].sort();
}

/**
 * `help` lists every variable `read` and only those, each with the default the schema
 * fills in (in the words of its doc, which must contain it).
 */
function expectListed(help: string, rows: readonly SettingRow[], read: string[]): void {
  expect(rows.flatMap((r) => r.names).sort()).toEqual(read);
  for (const row of rows) {
    expect(help).toContain(`\n  ${row.names.join(', ')} (default: ${plain(row.default)})\n`);
    if (row.schemaDefault !== undefined) expect(row.default).toContain(String(row.schemaDefault));
  }
}

describe('--help', () => {
  it("of the launcher lists every setting the studio's and the engine's configs read, with its default", async () => {
    const help = await launcherHelp();
    const proxyRead = readBy((env) => loadProxyConfig(env));
    expect(proxyRead).toEqual(expect.arrayContaining(['PORT', 'UPSTREAM_API_KEY_FILE']));
    const [studio, engine] = help.split('\nEngine (embedded');
    expectListed(studio ?? '', proxySettings, proxyRead);
    expectListed(engine ?? '', engineSettings, readBy(loadEngineConfig));
    expect(help).toContain('  PORT (default: 8080)\n      port of the studio');
    for (const name of ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'])
      expect(help).toContain(name);
  });

  it("of the engine lists every setting the engine's config reads, with its default", () => {
    const help = engineHelp();
    expectListed(help, engineSettings, readBy(loadEngineConfig));
    expect(help).toContain('  ENGINE_ALLOW_PRIVATE_FETCH (default: 0)\n');
    expect(help).toContain('  ENGINE_ENHANCE_UPSCALE (default: off)\n');
  });

  const root = mkdtempSync(join(tmpdir(), 'studio-help-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Runs a program's entry point as `npm start` and `npm run engine` do. */
  const run = (entry: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: {
        ...process.env,
        STUDIO_DATA_DIR: join(root, 'studio'),
        ENGINE_DATA_DIR: join(root, 'engine'),
      },
      encoding: 'utf8',
    });

  it.each([
    ['the launcher', 'src/main.ts', 'npm start -- --help', 'Studio (proxy):'],
    ['the engine', 'src/engine/main.ts', 'npm run engine -- --help', 'Engine:'],
  ])(
    'of %s prints and exits 0 without starting; an unknown argument exits 2 naming it',
    (_name, entry, helpCommand, section) => {
      const help = run(entry, '--help');
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toContain(`\n${section}\n`);
      expect(help.stdout).toContain('ENGINE_DATA_DIR (default: ./data/engine)');
      expect(help.stdout).not.toMatch(/Studio ready|engine listening/);

      const wrong = run(entry, '--hepl');
      expect(wrong.status).toBe(2);
      expect(wrong.stdout).toBe('');
      expect(wrong.stderr).toContain('unknown argument "--hepl"');
      expect(wrong.stderr).toContain(helpCommand);

      expect(existsSync(join(root, 'studio'))).toBe(false);
      expect(existsSync(join(root, 'engine'))).toBe(false);
    },
    30_000,
  );
});

describe('--help of the proxy alone and of npm start', () => {
  it('the proxy prints its own settings and exits 0, without UPSTREAM_URL or a start', () => {
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'src/proxy/main.ts', '--help'], {
      env: { ...process.env, UPSTREAM_URL: '' },
      encoding: 'utf8',
    });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: npx tsx src/proxy/main.ts [--help]');
    expect(help.stdout).toContain('\nStudio (proxy):\n  PORT (default: 8080)\n');
    expect(help.stdout).not.toContain('ENGINE_');
  });

  it('npm start answers --help at once, without building the web app first', () => {
    const help = spawnSync('npm', ['start', '--', '--help'], { encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: npm start [-- --help]');
    expect(help.stdout).not.toContain('vite build');
  }, 30_000);
});

describe("README.md's settings tables", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('\n## Settings\n');
  const settings = readme.slice(start, readme.indexOf('\n## ', start + 1));

  /** The cells of the first table after the paragraph that starts with `marker`. */
  function tableAfter(marker: string): string[][] {
    const lines = settings.split('\n');
    const from = lines.findIndex((l) => l.startsWith(marker));
    expect(from, marker).toBeGreaterThan(-1);
    const head = lines.findIndex((l, i) => i > from && l.startsWith('|'));
    const rows: string[][] = [];
    // The header and its rule are not settings.
    for (let i = head + 2; lines[i]?.startsWith('|'); i++)
      rows.push(
        (lines[i] ?? '')
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
    return rows;
  }

  it("list exactly the studio's and the engine's settings, as --help words them", () => {
    expect(settings).toContain('npm start -- --help');
    expect(settings).toContain('npm run engine -- --help');
    expect(tableAfter('**Studio (proxy)**')).toEqual(proxySettings.map(readmeCells));
    expect(tableAfter('**Engine**')).toEqual(engineSettings.map(readmeCells));
  });
});
