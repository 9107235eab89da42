import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskResponseSchema, type TaskStatus } from '@/contract/task';
import { stateFromTask } from '../model/record';
import { createRedactor } from '../log';
import { StudioHttpError } from '../studio-error';
import { fixture } from '../test/fixtures';
import type { NormalisedImage } from '../uploads/normalise';
import { openDatabase } from './db';
import { JobStore } from './jobs';
import { type UploadRecord, UploadStore } from './uploads';

const KB = 1024;
const task = taskResponseSchema.parse(fixture('diffusion-pending'));
const redact = createRedactor([]);

let dir: string;
let db: Database.Database;
let jobs: JobStore;
let uploads: UploadStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'uploads-store-'));
  db = openDatabase(dir);
  jobs = new JobStore(db);
  uploads = new UploadStore(db, path.join(dir, 'uploads'), 10 * KB);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const image = (): NormalisedImage => ({
  data: Buffer.alloc(4 * KB, 1),
  type: 'image/png',
  ext: 'png',
  width: 1,
  height: 1,
});

/** A job whose create named the upload's URL. */
function jobUsing(handle: string, url: string, status: TaskStatus): void {
  jobs.insert({
    handle,
    upstreamId: `up-${handle}`,
    parentHandle: null,
    parentIndex: null,
    operation: 'describe',
    prompt: '',
    createdAt: '2026-01-01T00:00:00Z',
    dims: {},
    task,
    ...stateFromTask(task, null, redact),
    status,
  });
  uploads.linkJob(handle, { imgUrl: `http://127.0.0.1:8080${url}` });
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const present = (u: UploadRecord) => existsSync(uploads.fileOf(u));

describe('uploads under STUDIO_UPLOADS_MB', () => {
  it('evicts the least recently used, never one a running job needs', async () => {
    const a = await uploads.save(image());
    await tick();
    const b = await uploads.save(image());
    jobUsing('running-0001', `/u/${a.token}.png`, 'processing');
    jobUsing('finished-001', `/u/${b.token}.png`, 'completed');
    await tick();
    const c = await uploads.save(image());
    // 12 KB would not fit 10 KB: b (used only by a finished job) went, a stayed.
    expect([present(a), present(b), present(c)]).toEqual([true, false, true]);
    expect(uploads.byToken(b.token)).toBeNull();
  });

  it('refuses with 507 when all that is stored is needed', async () => {
    const a = await uploads.save(image());
    const b = await uploads.save(image());
    jobUsing('running-0001', `/u/${a.token}.png`, 'pending');
    jobUsing('running-0002', `/u/${b.token}.png`, 'staged');
    const refused = await uploads.save(image()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StudioHttpError);
    expect((refused as StudioHttpError).error).toMatchObject({
      status: 507,
      code: 'storage_full',
      message: expect.stringMatching(/STUDIO_UPLOADS_MB is 0 MB/),
    });
    expect([present(a), present(b)]).toEqual([true, true]);
  });
});
