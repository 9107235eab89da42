import type { AccountSummary } from '@/contract/account-summary';
import { jobTitleOf } from '@/contract/job-title';
import type { Job, JobList } from '@/contract/studio-api';

/** A completed diffusion job as the studio server sends it; override what a test needs. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  const job: Omit<Job, 'title'> & { title?: string } = {
    id: 'abcDEF123456',
    parentId: null,
    parentIndex: null,
    operation: 'diffusion',
    prompt: 'a lighthouse in a storm --ar 16:9',
    status: 'completed',
    progress: 100,
    createdAt: '2025-01-01T12:00:00.000Z',
    startedAt: '2025-01-01T12:00:01.000Z',
    endedAt: '2025-01-01T12:00:05.000Z',
    cost: { frozen: 80, consumed: 80, unit: 'point' },
    output: {
      grid: { url: '/media/abcDEF123456/grid', width: 2048, height: 1152 },
      images: [0, 1, 2, 3].map((n) => ({
        url: `/media/abcDEF123456/${n}`,
        width: 1024,
        height: 576,
      })),
      videos: [],
      prompts: [],
      seed: '42',
      actions: { upscale: [0, 1, 2, 3], variation: [0, 1, 2, 3], reroll: true },
    },
    error: null,
    ...overrides,
  };
  // As the server titles it, unless the test says otherwise.
  return { ...job, title: job.title ?? jobTitleOf(job) };
}

export const makeList = (jobs: Job[], nextCursor: string | null = null): JobList => ({
  jobs,
  nextCursor,
});

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** An engine account with 1,200 credits and one running job; override what a test needs. */
export function makeAccount(overrides: Partial<AccountSummary> = {}): AccountSummary {
  return {
    name: 'dev',
    plan: 'engine',
    accountType: 'standard',
    enabled: true,
    availableCredits: 1200,
    availablePoints: 0,
    balanceUsd: 1.2,
    frozenCredits: 80,
    usedCredits: 720,
    lowBalance: false,
    alertThresholdUsd: 10,
    wallet: { pointRemain: 0, pointFrozen: 0, pointUsed: 0 },
    creditPack: { total: 2000, available: 1200, frozen: 80, used: 720 },
    concurrencyLimit: 6,
    activeTasks: 1,
    byModel: { midjourney: { staged: 0, pending: 0, processing: 1, retry: 0 } },
    tasks: [{ id: 'abcDEF123456', operation: 'diffusion', status: 'processing', createdAt: null }],
    readAt: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}
