import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { z } from 'zod';
import { EXPORT_MAX_JOBS, exportQuerySchema } from '@/contract/exports';
import type { Logger, Redactor } from '../log';
import type { MediaCache } from '../media/cache';
import { exportZip } from '../media/export-zip';
import type { JobRecord } from '../model/record';
import type { HistoryStore } from '../store/shared-store';
import { invalidRequest } from '../studio-error';
import { historyFilter } from './jobs';
import { audited, type AuditLog } from './audited';
import { rejectInvalid } from './validate';

interface ExportDeps {
  history: Pick<HistoryStore, 'get' | 'list' | 'lineage'>;
  media: Pick<MediaCache, 'get'>;
  log: Logger;
  redact: Redactor;
  audit: AuditLog;
}

type ExportQuery = z.infer<typeof exportQuerySchema>;

const PAGE = 200;

/** The finished jobs to export: those named, or every one the filter matches. */
async function jobsOf(history: ExportDeps['history'], q: ExportQuery): Promise<JobRecord[]> {
  if (q.ids) {
    const found = await Promise.all([...new Set(q.ids)].map((id) => history.get(id)));
    return found.filter((j): j is JobRecord => j?.status === 'completed');
  }
  const jobs: JobRecord[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await history.list(historyFilter({ ...q, cursor, limit: PAGE }));
    jobs.push(...page.jobs.filter((j) => j.status === 'completed'));
    const last = page.jobs.at(-1);
    if (!page.more || !last) return jobs;
    if (jobs.length > EXPORT_MAX_JOBS) {
      throw invalidRequest(
        `The filter matches more than ${EXPORT_MAX_JOBS} finished jobs; narrow it (a date range, an operation) and export in parts.`,
      );
    }
    cursor = String(last.seq);
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `GET /studio-api/exports/results.zip?ids=…` or `?<the library's filters>`: the outputs
 * as a ZIP streamed as it is made, with `manifest.json` (prompts, params, seeds, dates and
 * lineage by handle).
 */
export function exportRoutes(deps: ExportDeps): Hono {
  const app = new Hono();
  const query = zValidator('query', exportQuerySchema, rejectInvalid(deps.redact));
  app.get('/results.zip', query, async (c) => {
    const jobs = await jobsOf(deps.history, c.req.valid('query'));
    const lineage = (handle: string) => deps.history.lineage(handle);
    deps.log.info('export started', { jobs: jobs.length });
    await audited(c, deps.audit, {
      action: 'export',
      subject: 'results.zip',
      detail: { jobs: jobs.length },
    });
    return new Response(exportZip(jobs, { media: deps.media, lineage, log: deps.log }), {
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
