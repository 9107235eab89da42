import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  AUDIT_CSV_COLUMNS,
  auditQuerySchema,
  type AuditEntry,
  type AuditQuery,
} from '@/contract/audit';
import type { Redactor } from '../log';
import type { AuditFilter, AuditRecord, StoredAudit } from '../store/audit';
import type { StoredPeople } from '../store/people';
import { invalidRequest } from '../studio-error';
import { audited } from './audited';
import { csvStream } from './csv-stream';
import { rejectInvalid } from './validate';

interface AuditDeps {
  audit: Pick<StoredAudit, 'list' | 'append'>;
  people: Pick<StoredPeople, 'list'>;
  redact: Redactor;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_PAGE = 200;
/** The CSV is read in pages of this many entries, each when the socket wants more. */
const CSV_PAGE = 1000;

/** The query as a store filter; a day given as `to` includes the whole day. */
function auditFilter(q: AuditQuery, limit: number): AuditFilter {
  if (q.limit < 1 || q.limit > MAX_PAGE) {
    throw invalidRequest(`limit: must be a whole number from 1 to ${MAX_PAGE}`);
  }
  const toMs = q.to === undefined ? undefined : Date.parse(q.to) + (DAY_RE.test(q.to) ? DAY_MS : 0);
  return {
    limit,
    ...(q.person !== undefined ? { person: q.person } : {}),
    ...(q.action !== undefined ? { action: q.action } : {}),
    ...(q.from !== undefined ? { fromMs: Date.parse(q.from) } : {}),
    ...(toMs !== undefined ? { toMs } : {}),
    ...(q.cursor !== undefined ? { beforeSeq: Number(q.cursor) } : {}),
  };
}

/** Each person's name by id, removed people's ids left as they are. */
async function namesOf(people: AuditDeps['people']): Promise<Map<string, string>> {
  return new Map((await people.list()).map((p) => [p.id, p.name]));
}

const toEntry = (r: AuditRecord, names: Map<string, string>): AuditEntry => ({
  seq: r.seq,
  at: new Date(r.atMs).toISOString(),
  actor: r.actor === null ? null : { id: r.actor, name: names.get(r.actor) ?? null },
  action: r.action,
  subject: r.subject,
  detail: r.detail,
  ip: r.ip,
});

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break, and one that a
 * spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) starts with a `'`, so that it shows as the text it is.
 */
function csvText(value: string): string {
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (e: AuditEntry): string =>
  [
    e.at,
    e.actor?.name ?? '',
    e.actor?.id ?? '',
    e.action,
    e.subject ?? '',
    e.detail === null ? '' : JSON.stringify(e.detail),
    e.ip ?? '',
  ]
    .map(csvText)
    .join(',');

async function* csvLines(deps: AuditDeps, q: AuditQuery): AsyncGenerator<string> {
  const names = await namesOf(deps.people);
  yield `${AUDIT_CSV_COLUMNS.join(',')}\n`;
  let beforeSeq: number | undefined = q.cursor === undefined ? undefined : Number(q.cursor);
  for (;;) {
    const filter = { ...auditFilter(q, CSV_PAGE), ...(beforeSeq ? { beforeSeq } : {}) };
    const page = await deps.audit.list(filter);
    if (page.entries.length > 0) {
      yield page.entries.map((r) => `${csvLine(toEntry(r, names))}\n`).join('');
    }
    const last = page.entries.at(-1);
    if (!page.more || !last) return;
    beforeSeq = last.seq;
  }
}

/**
 * `/studio-api/audit` and `/studio-api/audit.csv` (admins and owners, auth/access.ts):
 * the audit log newest first, by person (what they did, or what was done to them),
 * action and time; a page at a time, or all of it as CSV.
 */
export function auditRoutes(deps: AuditDeps): Hono {
  const app = new Hono();
  const query = zValidator('query', auditQuerySchema, rejectInvalid(deps.redact));

  app.get('/audit', query, async (c) => {
    const q = c.req.valid('query');
    const [page, names] = await Promise.all([
      deps.audit.list(auditFilter(q, q.limit)),
      namesOf(deps.people),
    ]);
    const last = page.entries.at(-1);
    return c.json({
      entries: page.entries.map((r) => toEntry(r, names)),
      nextCursor: page.more && last ? String(last.seq) : null,
    });
  });

  app.get('/audit.csv', query, async (c) => {
    const q = c.req.valid('query');
    auditFilter(q, CSV_PAGE);
    const { person, action, from, to } = q;
    await audited(c, deps.audit, {
      action: 'export',
      subject: 'audit.csv',
      detail: { person, action, from, to },
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csvStream(csvLines(deps, q)), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="studio-audit-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
  return app;
}
