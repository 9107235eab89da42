import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StudioStatus } from '@/contract/studio-api';
import { accountQueries } from '../features/account';
import { jobQueries } from '../jobs/api/job-queries';
import { uploadQueries } from '../lib/uploads/uploads';
import { makeAccount, makeJob, makeList } from '../lib/testing/fixtures';
import { applyStudioEvent } from './studio-events';

const status: StudioStatus = {
  push: { mode: 'callbacks', reason: null },
  uploads: { enabled: false, reason: 'unreachable', maxBytes: 1, maxPixels: 1, types: [] },
  upstream: { reachable: true, lastContactAt: null, reason: null },
};

describe('applyStudioEvent', () => {
  it('puts a job into the lists, moves queued ones, stores uploads status, and marks jobs stale on reset', () => {
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([]));
    const job = makeJob({ status: 'pending' });
    applyStudioEvent(qc, { event: 'job', data: { job } });
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([job]);

    const waiting = makeJob({ id: 'waitingjob', queued: { place: 3 } });
    applyStudioEvent(qc, { event: 'job', data: { job: waiting } });
    applyStudioEvent(qc, { event: 'queue', data: { places: [{ id: waiting.id, place: 2 }] } });
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs[0]?.queued).toEqual({ place: 2 });

    applyStudioEvent(qc, { event: 'status', data: status });
    expect(qc.getQueryData(uploadQueries.status().queryKey)).toEqual(status.uploads);

    applyStudioEvent(qc, { event: 'reset', data: { reason: 'restart' } });
    expect(qc.getQueryState(jobQueries.list().queryKey)?.isInvalidated).toBe(true);
  });

  it('puts a pushed account into the one query the badge and the page read', () => {
    const qc = new QueryClient();
    const spending = [...accountQueries.spendingAll(), 7, 'UTC'];
    qc.getQueryCache().build(qc, { queryKey: spending });
    qc.setQueryData(accountQueries.summary().queryKey, makeAccount({ availableCredits: 5 }));
    const account = makeAccount({ availableCredits: 1120, activeTasks: 2 });
    applyStudioEvent(qc, { event: 'account', data: { account } });
    expect(qc.getQueryData(accountQueries.summary().queryKey)).toEqual(account);
    // The spending charts read the ledger again: the change behind the event is in it.
    expect(qc.getQueryState(spending)?.isInvalidated).toBe(true);

    applyStudioEvent(qc, { event: 'reset', data: { reason: 'restart' } });
    expect(qc.getQueryState(accountQueries.summary().queryKey)?.isInvalidated).toBe(true);
  });
});
