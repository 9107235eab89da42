import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, prepared } from './sqlite';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-sqlite-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('openSqlite', () => {
  it('creates the folder and the file, in WAL mode with its pragmas', () => {
    const db = openSqlite(path.join(dir, 'new', 'deeper', 'x.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('refuses a row naming a parent that does not exist', () => {
    const db = openSqlite(path.join(dir, 'x.sqlite'));
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent(id));`);
    expect(() => db.prepare('INSERT INTO child (parent) VALUES (7)').run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('lets a reader see the last commit while a writer holds an open transaction', () => {
    const file = path.join(dir, 'x.sqlite');
    const writer = openSqlite(file);
    writer.exec('CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1);');
    const reader = openSqlite(file);
    writer.exec('BEGIN IMMEDIATE; INSERT INTO t VALUES (2);');
    // In rollback-journal mode this read would wait for the writer and then fail as busy.
    expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    writer.exec('COMMIT');
    expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2 });
    reader.close();
    writer.close();
  });

  it('keeps the statements in use when one-off statements overflow its cache', () => {
    const db = openSqlite(path.join(dir, 'cache.sqlite'));
    const hot = prepared(db, 'SELECT 1');
    for (let i = 0; i < 1000; i++) {
      prepared(db, `SELECT ${i + 2}`);
      // The hot statement is used between the one-off ones, as a job read is.
      if (i % 100 === 0) expect(prepared(db, 'SELECT 1')).toBe(hot);
    }
    expect(prepared(db, 'SELECT 1')).toBe(hot);
    expect(prepared(db, 'SELECT 2')).not.toBe(prepared(db, 'SELECT 3'));
    db.close();
  });
});
