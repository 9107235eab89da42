import type { Job, JobList } from '../../../contract/studio-api';

/** A completed diffusion job as the studio server sends it; override what a test needs. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
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
