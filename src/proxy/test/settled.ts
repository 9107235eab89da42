import { jobSchema, type Job } from '@/contract/studio-api';
import { waitFor, type Stack } from './harness';

/** Creates a job through the studio API and waits until it completed. */
export async function settledJob(stack: Stack, body: unknown): Promise<Job> {
  const made = (await stack.post<{ job: unknown }>('/studio-api/jobs', body)).body.job;
  const { id } = jobSchema.parse(made);
  return waitFor(async () => {
    const res = await stack.json<{ job: unknown }>(`/studio-api/jobs/${id}`);
    const job = jobSchema.parse(res.body.job);
    return job.status === 'completed' ? job : null;
  });
}
