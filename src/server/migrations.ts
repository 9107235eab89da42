import type { SqliteDb } from './sqlite';

export interface MigrationOptions {
  /** The version to stop at: the newest unless a test asks for an older one. */
  target?: number;
  /** The refusal of a file a newer program wrote (`version` > `known`), naming what to do. */
  tooNew: (version: number, known: number) => string;
}

/**
 * Brings a file up its program's list of schema steps: step i moves it from version i to
 * i + 1, in its own transaction, and `PRAGMA user_version` records how many ran, so an old
 * data dir is upgraded in place and a step that fails leaves the file at the version
 * before it. Lists are only appended to: a file may be at any earlier version.
 */
export function runMigrations(
  db: SqliteDb,
  steps: readonly string[],
  { target = steps.length, tooNew }: MigrationOptions,
): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > steps.length) throw new Error(tooNew(current, steps.length));
  for (let version = current; version < target; version++) {
    const step = steps[version] ?? '';
    db.transaction(() => {
      db.exec(step);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
