import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from './migrations';
import { openSqlite, type SqliteDb } from './sqlite';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-migrations-'));
  file = path.join(dir, 'x.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Steps that fail if run twice, so a step repeated is seen. */
const STEPS = [
  'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);',
  'ALTER TABLE notes ADD COLUMN starred INTEGER NOT NULL DEFAULT 0;',
  'CREATE INDEX notes_starred ON notes(starred);',
];
const tooNew = (version: number, known: number) => `file at ${version}, program knows ${known}`;
const versionOf = (db: SqliteDb) => db.pragma('user_version', { simple: true });
const tables = (db: SqliteDb) =>
  db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();

describe('runMigrations', () => {
  it('runs every step on a new file and none on reopening it', () => {
    const db = openSqlite(file);
    runMigrations(db, STEPS, { tooNew });
    expect(versionOf(db)).toBe(3);
    db.prepare('INSERT INTO notes (text, starred) VALUES (?, 1)').run('kept');
    db.close();

    const again = openSqlite(file);
    runMigrations(again, STEPS, { tooNew });
    expect(versionOf(again)).toBe(3);
    expect(again.prepare('SELECT text, starred FROM notes').all()).toEqual([
      { text: 'kept', starred: 1 },
    ]);
    again.close();
  });

  it('upgrades an older file from where it stands, keeping its rows', () => {
    const old = openSqlite(file);
    runMigrations(old, STEPS, { target: 1, tooNew });
    expect(versionOf(old)).toBe(1);
    old.prepare('INSERT INTO notes (text) VALUES (?)').run('from version 1');
    old.close();

    const db = openSqlite(file);
    runMigrations(db, STEPS, { tooNew });
    expect(versionOf(db)).toBe(3);
    expect(db.prepare('SELECT text, starred FROM notes').all()).toEqual([
      { text: 'from version 1', starred: 0 },
    ]);
    expect(tables(db)).toEqual([{ name: 'notes' }, { name: 'notes_starred' }]);
    db.close();
  });

  it('leaves a file whose step fails at the version before that step, whole', () => {
    const db = openSqlite(file);
    const broken = [...STEPS.slice(0, 2), 'CREATE TABLE half (x);\nNOT SQL AT ALL;'];
    expect(() => runMigrations(db, broken, { tooNew })).toThrow(/syntax error/);
    expect(versionOf(db)).toBe(2);
    expect(tables(db)).toEqual([{ name: 'notes' }]);
    // Fixed in a later release: the file goes on from version 2.
    runMigrations(db, STEPS, { tooNew });
    expect(versionOf(db)).toBe(3);
    db.close();
  });

  it('refuses a file a newer program wrote, with the caller’s message, and changes nothing', () => {
    const db = openSqlite(file);
    runMigrations(db, STEPS, { tooNew });
    db.pragma('user_version = 4');
    expect(() => runMigrations(db, STEPS, { tooNew })).toThrow('file at 4, program knows 3');
    expect(versionOf(db)).toBe(4);
    db.close();
  });
});
