import { readFile } from 'node:fs/promises';
import { memoryBackoff } from '../auth/rate-limit';
import { SessionStore, type Sessions } from '../auth/sessions';
import type { JobStore } from './jobs';
import type { HistoryStore, SharedStore, UploadsStore } from './shared-store';
import { sqliteSpending } from './spending-sqlite';
import type { UploadStore } from './uploads';
import type { SqliteDb } from '@/server/sqlite';

/** A synchronous call's outcome as a promise: its value, or its throw as a rejection. */
function settled<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
}

/** `JobStore` behind the shared interface; every call is done when it returns. */
export function sqliteHistory(jobs: JobStore): HistoryStore {
  return {
    watch: (fn) => jobs.watch(fn),
    insert: (job) => settled(() => jobs.insert(job)),
    recordIntent: (intent, claim) => settled(() => jobs.recordIntent(intent, claim)),
    confirmCreate: (handle, task, state, prompt) =>
      settled(() => jobs.confirmCreate(handle, task, state, prompt)),
    discardIntent: (handle) => settled(() => jobs.discardIntent(handle)),
    markCreateUnknown: (handle) => settled(() => jobs.markCreateUnknown(handle)),
    markInterruptedCreates: () => settled(() => jobs.markInterruptedCreates()),
    findByHook: (token) => settled(() => jobs.findByHook(token)),
    get: (handle) => settled(() => jobs.get(handle)),
    list: (filter) => settled(() => jobs.list(filter)),
    lineage: (handle) => settled(() => jobs.lineage(handle)),
    markUpstreamGone: (handle) => settled(() => jobs.markUpstreamGone(handle)),
    setFavourite: (handle, on) => settled(() => jobs.setFavourite(handle, on)),
    remove: (handle) => settled(() => jobs.remove(handle)),
    setFavourites: (handles, on) => settled(() => jobs.setFavourites(handles, on)),
    removeMany: (handles) => settled(() => jobs.removeMany(handles)),
    active: () => settled(() => jobs.active()),
    follow: () => settled(() => jobs.active()),
    unfollow: () => Promise.resolve(),
    applyState: (handle, state, task, pending) =>
      settled(() => jobs.applyState(handle, state, task, pending)),
    addDims: (handle, dims, fetched) => settled(() => jobs.addDims(handle, dims, fetched)),
    mediaPending: () => settled(() => jobs.mediaPending()),
    findIdempotent: (key) => settled(() => jobs.findIdempotent(key)),
    pruneIdempotent: (olderThan) => settled(() => jobs.pruneIdempotent(olderThan)),
  };
}

/** `UploadStore` behind the shared interface: rows in SQLite, bytes in files. */
function sqliteUploads(uploads: UploadStore): UploadsStore {
  return {
    save: (image) => uploads.save(image),
    byToken: (token) => settled(() => uploads.byToken(token)),
    read: (rec) => readFile(uploads.fileOf(rec)).catch(() => null),
    touch: (rec) => settled(() => uploads.touch(rec)),
    linkJob: (handle, body) => settled(() => uploads.linkJob(handle, body)),
    remove: (rec) => uploads.remove(rec),
  };
}

/** Sign-in sessions in the studio's SQLite file. */
export function sqliteSessions(db: SqliteDb): Sessions {
  const sessions = new SessionStore(db);
  return {
    create: () => settled(() => sessions.create()),
    valid: (token) => settled(() => sessions.valid(token)),
    end: (token) => settled(() => sessions.end(token)),
  };
}

/** One studio's SQLite file as the shared store; closing it is the caller's (it owns `db`). */
export function sqliteShared(db: SqliteDb, jobs: JobStore, uploads: UploadStore): SharedStore {
  return {
    kind: 'sqlite',
    deployment: null,
    history: sqliteHistory(jobs),
    sessions: sqliteSessions(db),
    signIns: memoryBackoff(),
    uploads: sqliteUploads(uploads),
    spending: sqliteSpending(db),
    events: null,
    close: () => Promise.resolve(),
  };
}
