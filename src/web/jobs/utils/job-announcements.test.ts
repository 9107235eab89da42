import { describe, expect, it } from 'vitest';
import { makeJob } from '@/web/lib/testing/fixtures';
import { finishedSince, runningCount, seenJob, titleWith, type SeenJob } from './job-announcements';

const seen = (jobs: Parameters<typeof makeJob>[0][]) =>
  new Map<string, SeenJob>(
    jobs.map((j) => {
      const job = makeJob(j);
      return [job.id, seenJob(job)];
    }),
  );

describe('job announcements', () => {
  it('announces a job that was running and has finished or failed, by its kind and prompt', () => {
    const before = seen([
      { id: 'a', status: 'processing', prompt: 'a red kite' },
      { id: 'b', status: 'pending', prompt: 'a blue door' },
      { id: 'c', status: 'processing' },
    ]);
    const now = seen([
      { id: 'a', status: 'completed', prompt: 'a red kite' },
      { id: 'b', status: 'failed', prompt: 'a blue door' },
      { id: 'c', status: 'processing' },
    ]);
    expect(finishedSince(before, now)).toEqual([
      { jobId: 'a', outcome: 'completed', text: 'Finished: diffusion: a red kite.' },
      { jobId: 'b', outcome: 'failed', text: 'Failed: diffusion: a blue door.' },
    ]);
    expect(runningCount(now)).toBe(1);
  });

  it('does not announce history: jobs first seen already finished, or seen finished before', () => {
    const done = seen([{ id: 'a', status: 'completed' }]);
    expect(finishedSince(new Map(), done)).toEqual([]);
    expect(finishedSince(done, done)).toEqual([]);
  });

  it('puts the running and the unseen finished counts before the title', () => {
    expect(titleWith('Studio', 0, 0)).toBe('Studio');
    expect(titleWith('Studio', 2, 0)).toBe('(2 running) Studio');
    expect(titleWith('Studio', 1, 3)).toBe('(1 running · 3 done) Studio');
    expect(titleWith('Studio', 0, 1)).toBe('(1 done) Studio');
  });
});
