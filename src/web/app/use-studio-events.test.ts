import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StudioStatus } from '../../contract/studio-api';
import { jobQueries } from '../features/jobs/api/job-queries';
import { uploadQueries } from '../lib/uploads';
import { makeJob, makeList } from '../lib/testing/fixtures';
import { applyStudioEvent } from './use-studio-events';

const status: StudioStatus = {
  push: { mode: 'callbacks', reason: null },
  uploads: { enabled: false, reason: 'unreachable', maxBytes: 1, maxPixels: 1, types: [] },
};

describe('applyStudioEvent', () => {
  it('puts a job into the lists, stores uploads status, and marks jobs stale on reset', () => {
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([]));
    const job = makeJob({ status: 'pending' });
    applyStudioEvent(qc, { event: 'job', data: { job } });
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([job]);

    applyStudioEvent(qc, { event: 'status', data: status });
    expect(qc.getQueryData(uploadQueries.status().queryKey)).toEqual(status.uploads);

    applyStudioEvent(qc, { event: 'reset', data: { reason: 'restart' } });
    expect(qc.getQueryState(jobQueries.list().queryKey)?.isInvalidated).toBe(true);
  });
});
