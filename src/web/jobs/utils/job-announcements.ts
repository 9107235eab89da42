import type { Job } from '@/contract/studio-api';
import { isTerminal } from '@/contract/task-states';

/** What the announcer remembers of a job between two looks at the caches. */
export interface SeenJob {
  running: boolean;
  status: Job['status'];
  /** How the job is named to people: its kind and prompt. */
  label: string;
}

export interface Announcement {
  jobId: string;
  outcome: 'completed' | 'failed';
  text: string;
}

const LABEL_MAX = 60;

/** A job as the announcer keeps it; its label is its kind and the start of its prompt. */
export function seenJob(job: Job): SeenJob {
  const prompt = job.prompt.trim();
  const short = prompt.length > LABEL_MAX ? `${prompt.slice(0, LABEL_MAX - 1)}…` : prompt;
  const kind = job.operation.replace(/[-_]/g, ' ');
  return {
    running: !isTerminal(job.status) && !job.createUnknown,
    status: job.status,
    label: short ? `${kind}: ${short}` : kind,
  };
}

/**
 * The jobs that were running at the last look and have finished or failed since. A job
 * seen for the first time already finished (a page load, the library's older pages) is
 * history, not news, and is not announced.
 */
export function finishedSince(
  before: ReadonlyMap<string, SeenJob>,
  now: ReadonlyMap<string, SeenJob>,
): Announcement[] {
  const out: Announcement[] = [];
  for (const [jobId, job] of now) {
    if (!before.get(jobId)?.running || job.running) continue;
    if (job.status === 'completed')
      out.push({ jobId, outcome: 'completed', text: `Finished: ${job.label}.` });
    else if (job.status === 'failed')
      out.push({ jobId, outcome: 'failed', text: `Failed: ${job.label}.` });
  }
  return out;
}

export const runningCount = (jobs: ReadonlyMap<string, SeenJob>): number =>
  [...jobs.values()].filter((j) => j.running).length;

/**
 * The tab's title: how many jobs run, and how many finished while the tab was not being
 * looked at, before the page's own title. "(2 running · 1 done) Studio".
 */
export function titleWith(base: string, running: number, unseen: number): string {
  const parts = [running > 0 ? `${running} running` : '', unseen > 0 ? `${unseen} done` : ''];
  const count = parts.filter(Boolean).join(' · ');
  return count ? `(${count}) ${base}` : base;
}
