import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Job, JobList } from '@/contract/studio-api';
import { jobQueries, type SearchData } from '../jobs/api/job-queries';
import {
  finishedSince,
  runningCount,
  seenJob,
  titleWith,
  type SeenJob,
} from '../jobs/utils/job-announcements';
import { notifyIfHidden } from '../lib/notifications';
import { LazyJobToasts, useJobToasts } from './job-toasts';

/** Every job any cache holds (feed, library pages, details), once each. */
function cachedJobs(client: QueryClient): Map<string, SeenJob> {
  const jobs = new Map<string, SeenJob>();
  const add = (job: Job | undefined) => {
    if (job) jobs.set(job.id, seenJob(job));
  };
  for (const [, list] of client.getQueriesData<JobList>({ queryKey: jobQueries.lists() }))
    list?.jobs.forEach(add);
  for (const [, data] of client.getQueriesData<SearchData>({ queryKey: jobQueries.searches() }))
    data?.pages.forEach((p) => p.jobs.forEach(add));
  for (const [, job] of client.getQueriesData<Job>({ queryKey: jobQueries.details() })) add(job);
  return jobs;
}

/** Counts the jobs that ended while the tab was hidden, until it is seen again. */
function useUnseen(): [number, (n: number) => void] {
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    const seen = () => {
      if (!document.hidden) setUnseen(0);
    };
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);
  const add = useCallback((n: number) => setUnseen((u) => (document.hidden ? u + n : 0)), []);
  return [unseen, add];
}

/**
 * Tells people when a job finishes or fails, wherever they are: a polite live region for
 * screen readers, the count of running jobs (and of those that ended unseen) in the tab's
 * title, a browser notification when they are on and the tab is hidden, and a toast with
 * a link to the card when the card is out of sight. It watches the query caches, so jobs
 * followed by events and by polling are told alike.
 */
export function JobAnnouncer() {
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [running, setRunning] = useState(0);
  const [unseen, addUnseen] = useUnseen();
  const { toasts, offer, dismiss } = useJobToasts();
  const last = useRef<Map<string, SeenJob>>(new Map());
  const base = useRef(document.title);

  useEffect(() => {
    const look = () => {
      const now = cachedJobs(client);
      const news = finishedSince(last.current, now);
      last.current = now;
      setRunning(runningCount(now));
      if (news.length === 0) return;
      setMessage(news.map((n) => n.text).join(' '));
      addUnseen(news.length);
      offer(news);
      for (const n of news) {
        notifyIfHidden(n.outcome === 'completed' ? 'Job finished' : 'Job failed', n.text);
      }
    };
    look();
    return client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' || e.type === 'removed') look();
    });
  }, [client, addUnseen, offer]);

  useEffect(() => {
    document.title = titleWith(base.current, running, unseen);
  }, [running, unseen]);

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only" data-testid="job-announcer">
        {message}
      </div>
      {toasts.length > 0 ? <LazyJobToasts.Component toasts={toasts} onDismiss={dismiss} /> : null}
    </>
  );
}
