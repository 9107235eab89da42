import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import type { Job } from '@/contract/studio-api';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { cn } from '@/web/lib/cn';
import { describeError } from '@/web/lib/describe-error';
import { jobQueries } from '@/web/jobs/api/job-queries';
import { thumbUrl } from '@/web/jobs/utils/gallery-tiles';
import { jobPageHref } from '../feed';
import { viewableImages } from '@/web/jobs/utils/job-view';

/** ↑/↓ move between the tree's links, Home/End to the first and last. */
function onTreeKey(e: KeyboardEvent<HTMLElement>) {
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[e.key];
  if (to === undefined || !links[to]) return;
  e.preventDefault();
  links[to].focus();
}

function Node({
  job,
  byParent,
  current,
}: {
  job: Job;
  byParent: Map<string, Job[]>;
  current: string;
}) {
  const kids = byParent.get(job.id) ?? [];
  const [first] = viewableImages(job);
  const here = job.id === current;
  return (
    <li>
      <a
        href={jobPageHref(job.id)}
        aria-current={here ? 'page' : undefined}
        className={cn(
          'inline-flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-800',
          here ? 'text-indigo-200 ring-1 ring-indigo-400' : 'text-zinc-300',
        )}
      >
        {first ? (
          <img
            src={thumbUrl(first)}
            alt=""
            className="size-10 rounded object-cover"
            loading="lazy"
          />
        ) : (
          <span className="size-10 rounded bg-zinc-800" aria-hidden="true" />
        )}
        <span>
          {job.title}
          <span className="ml-1.5 text-xs text-zinc-500">{job.id}</span>
        </span>
      </a>
      {kids.length > 0 ? (
        <ul className="ml-6 border-l border-zinc-800 pl-3">
          {kids.map((k) => (
            <Node key={k.id} job={k} byParent={byParent} current={current} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The whole family of a job, root at the top, each job with a thumbnail and a link. */
export function LineageView({ id }: { id: string }) {
  const tree = useQuery(jobQueries.tree(id));
  if (tree.isPending) return null;
  if (tree.isError) {
    return <ErrorBanner title={`Could not load the lineage: ${describeError(tree.error).title}`} />;
  }
  const { rootId, jobs, truncated } = tree.data;
  const root = jobs.find((j) => j.id === rootId);
  if (!root || jobs.length < 2) return null;
  const byParent = new Map<string, Job[]>();
  for (const j of jobs) {
    if (j.parentId) byParent.set(j.parentId, [...(byParent.get(j.parentId) ?? []), j]);
  }
  return (
    <section aria-labelledby="lineage-heading" className="space-y-2">
      <h2 id="lineage-heading" className="text-sm font-medium text-zinc-400">
        Lineage ({jobs.length} jobs{truncated ? ', the first shown' : ''})
      </h2>
      <nav aria-label="Lineage" onKeyDown={onTreeKey}>
        <ul>
          <Node job={root} byParent={byParent} current={id} />
        </ul>
      </nav>
    </section>
  );
}
