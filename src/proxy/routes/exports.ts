import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { z } from 'zod';
import { EXPORT_MAX_JOBS, exportQuerySchema } from '@/contract/exports';
import type { Logger, Redactor } from '../log';
import type { MediaCache } from '../media/cache';
import { exportZip } from '../media/export-zip';
import type { JobRecord } from '../model/record';
import type { StoredCollections } from '../store/collections';
import type { HistoryStore } from '../store/shared-store';
import { invalidRequest, othersJobs } from '../studio-error';
import { callerOf } from '../auth/access';
import type { Makers } from '../model/makers';
import { mayExportAny, mayExportJob, type Caller } from '../model/people';
import { historyFilter } from './jobs';
import { audited, type AuditLog } from './audited';
import { rejectInvalid } from './validate';

interface ExportDeps {
  history: Pick<HistoryStore, 'get' | 'list' | 'lineage'>;
  makers: Pick<Makers, 'namesFor'>;
  media: Pick<MediaCache, 'get'>;
  log: Logger;
  redact: Redactor;
  audit: AuditLog;
  collections: Pick<StoredCollections, 'ofJobs'>;
}

type ExportQuery = z.infer<typeof exportQuerySchema>;

const PAGE = 200;

/**
 * The finished jobs to export: those named, or every one the filter matches, as far as
 * the caller may export them (`mayExportJob`): a member naming another's job is refused,
 * and a member's filter matches their own jobs only.
 */
async function jobsOf(
  history: ExportDeps['history'],
  q: ExportQuery,
  caller: Caller,
): Promise<JobRecord[]> {
  if (q.ids) {
    const found = await Promise.all([...new Set(q.ids)].map((id) => history.get(id)));
    const named = found.filter((j): j is JobRecord => j !== null);
    const others = named.filter((j) => !mayExportJob(caller, j.createdBy));
    if (others.length > 0) {
      throw othersJobs(
        others.map((j) => j.handle),
        'export',
      );
    }
    return named.filter((j) => j.status === 'completed');
  }
  let filter = historyFilter({ ...q, limit: PAGE }, caller);
  if (!mayExportAny(caller)) {
    // Another member's jobs: none of them may be exported by this caller.
    if (filter.maker !== undefined && filter.maker !== caller.id) return [];
    filter = { ...filter, maker: caller.id };
  }
  const jobs: JobRecord[] = [];
  for (;;) {
    const page = await history.list(filter);
    jobs.push(...page.jobs.filter((j) => j.status === 'completed'));
    const last = page.jobs.at(-1);
    if (!page.more || !last) return jobs;
    if (jobs.length > EXPORT_MAX_JOBS) {
      throw invalidRequest(
        `The filter matches more than ${EXPORT_MAX_JOBS} finished jobs; narrow it (a date range, an operation) and export in parts.`,
      );
    }
    filter = { ...filter, beforeSeq: last.seq };
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `GET /studio-api/exports/results.zip?ids=…` or `?<the library's filters>`: the outputs
 * as a ZIP streamed as it is made, with `manifest.json` (prompts, params, seeds, dates,
 * makers and lineage by handle).
 */
export function exportRoutes(deps: ExportDeps): Hono {
  const app = new Hono();
  const query = zValidator('query', exportQuerySchema, rejectInvalid(deps.redact));
  app.get('/results.zip', query, async (c) => {
    const q = c.req.valid('query');
    const jobs = await jobsOf(deps.history, q, callerOf(c));
    const lineage = (handle: string) => deps.history.lineage(handle);
    const names = await deps.makers.namesFor(jobs);
    const collections = await deps.collections.ofJobs(jobs.map((j) => j.handle));
    deps.log.info('export started', { jobs: jobs.length });
    await audited(c, deps.audit, {
      action: 'export',
      subject: 'results.zip',
      detail: { jobs: jobs.length, ...(q.collection ? { collection: q.collection } : {}) },
    });
    const only = q.collection;
    const zip = exportZip(jobs, {
      media: deps.media,
      lineage,
      names,
      collections,
      ...(only ? { only } : {}),
      log: deps.log,
    });
    return new Response(zip, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="studio-results-${day(new Date())}.zip"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
  return app;
}
