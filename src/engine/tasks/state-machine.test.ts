import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAccount, syncAccounts } from '../accounts/accounts-store';
import { devAccountSpec } from '../accounts/accounts-file';
import { auditLedger } from '../accounts/ledger';
import { removeTempDirs, tempDir } from '../test-support';
import type { MachineDeps } from './state-machine';
import {
  admit,
  complete,
  fail,
  fault,
  IllegalMoveError,
  promote,
  resume,
  start,
} from './state-machine';
import type { StoredImageOutput } from '../db/stored-output';
import type { Db } from '../db/open';
import type { NewTask } from '../db/task-store';
import { openDatabase } from '../db/open';
import { TaskStore } from '../db/task-store';

const JOB = '11111111-2222-4333-8444-555555555555';
const output: StoredImageOutput = {
  kind: 'images',
  grid: null,
  images: [],
  seed: '1',
  actions: {},
};

describe('state machine', () => {
  let db: Db;
  let deps: MachineDeps;
  let tasks: TaskStore;
  const newTask = (status: 'pending' | 'staged'): NewTask => ({
    jobId: JOB,
    accountId: 1,
    taskType: 'diffusion',
    status,
    input: { text: 'x' },
    prompt: 'x',
    parentJobId: null,
    imageNo: null,
    frozenCredits: 60,
    frozenPoints: 20,
    callback: 'http://127.0.0.1:1/hook',
    createdAt: new Date().toISOString(),
  });

  beforeEach(async () => {
    db = openDatabase(await tempDir());
    syncAccounts(db, [{ ...devAccountSpec('dev-key-123'), credits: 60, points: 20 }], 'now');
    deps = { db, now: () => new Date() };
    tasks = new TaskStore(db);
  });
  afterEach(() => db.close());
  afterAll(removeTempDirs);

  it('walks staged -> pending -> processing -> retry -> processing -> completed', () => {
    admit(deps, newTask('staged'));
    promote(deps, JOB);
    start(deps, JOB);
    fault(deps, JOB, 'flaky', 1000);
    resume(deps, JOB);
    const done = complete(deps, JOB, output);
    expect(done).toMatchObject({ status: 'completed', attempts: 2, consumedCredits: 60 });
    expect(done.startedAt).not.toBeNull();
    expect(done.endedAt).not.toBeNull();
    const moves = done.logs.filter((l) => / status /.test(l)).map((l) => l.split(' status ')[1]);
    expect(moves).toEqual([
      'created -> staged',
      'staged -> pending',
      'pending -> processing',
      'processing -> retry',
      'retry -> processing',
      'processing -> completed',
    ]);
    expect(getAccount(db, 1)?.credits).toMatchObject({ available: 0, frozen: 0, consumed: 60 });
    expect(getAccount(db, 1)?.points).toMatchObject({ available: 0, frozen: 0, consumed: 20 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 1 });
    expect(auditLedger(db)).toEqual([]);
  });

  it('refuses illegal moves and leaves the task as it was', () => {
    admit(deps, newTask('pending'));
    expect(() => complete(deps, JOB, output)).toThrow(IllegalMoveError);
    expect(() => promote(deps, JOB)).toThrow(/cannot promote task .*: it is pending/);
    expect(tasks.require(JOB).status).toBe('pending');
    expect(() => start(deps, '00000000-0000-4000-8000-000000000000')).toThrow(/missing/);
  });

  it('refunds everything frozen on failure and counts a daily error', () => {
    admit(deps, newTask('pending'));
    start(deps, JOB);
    const failed = fail(deps, JOB, { message: 'broken' });
    expect(failed.error).toMatchObject({ code: 500, message: 'broken' });
    expect(getAccount(db, 1)?.credits).toMatchObject({ available: 60, frozen: 0, consumed: 0 });
    expect(db.prepare('SELECT SUM(count) AS n FROM daily_errors').get()).toEqual({ n: 1 });
    expect(() => fail(deps, JOB, {})).toThrow(IllegalMoveError);
    expect(auditLedger(db)).toEqual([]);
  });
});
