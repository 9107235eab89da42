import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { JobList } from '../../../../contract/studio-api';
import { makeJob, makeList } from '../../../lib/testing/fixtures';
import {
  applyJobChanged,
  applyJobRemoved,
  jobChangedInList,
  jobRemovedFromList,
} from './job-events';
import { jobQueries } from './job-queries';

const a = makeJob({ id: 'aaaaaaaaaa', createdAt: '2025-01-01T12:00:00.000Z' });
const b = makeJob({ id: 'bbbbbbbbbb', createdAt: '2025-01-01T11:00:00.000Z' });

describe('jobChangedInList', () => {
  it('replaces the job where it is', () => {
    const changed = { ...b, status: 'processing' as const, progress: 40 };
    expect(jobChangedInList(makeList([a, b]), changed, true).jobs).toEqual([a, changed]);
  });

  it('puts a new job on top of a first page', () => {
    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    expect(jobChangedInList(makeList([a, b]), c, true).jobs).toEqual([c, a, b]);
    expect(jobChangedInList(makeList([]), c, true).jobs).toEqual([c]);
  });

  it('leaves a later page, and a first page for a job older than its newest, alone', () => {
    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    const old = makeJob({ id: 'oooooooooo', createdAt: '2024-12-01T00:00:00.000Z' });
    const list = makeList([a, b]);
    expect(jobChangedInList(list, c, false)).toBe(list);
    expect(jobChangedInList(list, old, true)).toBe(list);
  });
});

describe('jobRemovedFromList', () => {
  it('drops the job, and keeps the same list when it was not there', () => {
    const list = makeList([a, b]);
    expect(jobRemovedFromList(list, a.id).jobs).toEqual([b]);
    expect(jobRemovedFromList(list, 'zzzzzzzzzz')).toBe(list);
  });
});

describe('applying events to the cache', () => {
  it('updates every cached list and a cached detail', () => {
    const qc = new QueryClient();
    const small = [...jobQueries.lists(), { limit: 10 }];
    const later = [...jobQueries.lists(), { limit: 50, cursor: 'x' }];
    qc.setQueryData(jobQueries.list().queryKey, makeList([a, b]));
    qc.setQueryData<JobList>(small, makeList([a]));
    qc.setQueryData<JobList>(later, makeList([b]));
    qc.setQueryData(jobQueries.detail(a.id).queryKey, a);

    const done = { ...a, progress: 100, status: 'completed' as const, favourite: true };
    applyJobChanged(qc, done);
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([done, b]);
    expect(qc.getQueryData<JobList>(small)?.jobs).toEqual([done]);
    expect(qc.getQueryData<JobList>(later)?.jobs).toEqual([b]);
    expect(qc.getQueryData(jobQueries.detail(a.id).queryKey)).toEqual(done);
    // A detail nobody asked for is not created.
    applyJobChanged(qc, b);
    expect(qc.getQueryData(jobQueries.detail(b.id).queryKey)).toBeUndefined();
  });

  it('removes a job from the lists and its detail', () => {
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([a, b]));
    qc.setQueryData(jobQueries.detail(a.id).queryKey, a);
    applyJobRemoved(qc, a.id);
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([b]);
    expect(qc.getQueryData(jobQueries.detail(a.id).queryKey)).toBeUndefined();
  });
});
