import type { AuditAction } from '@/contract/audit';
import type { Db } from './schema';

/** One thing someone did, as a route appends it. */
export interface AuditAppend {
  /** The person who acted; null for someone not signed in (a failed sign-in). */
  actor: string | null;
  action: AuditAction;
  /** What it was done to: a person's id, a job's handle, an email typed at sign-in. */
  subject?: string | null;
  /** More about it (a new role, a budget, how many jobs), kept as JSON. */
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

/** An entry as it was stored. */
export interface AuditRecord {
  seq: number;
  atMs: number;
  actor: string | null;
  action: string;
  subject: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

/** Which entries a page reads: one person's, of one action, in a time range. */
export interface AuditFilter {
  /** Entries this person made, or that were about them. */
  person?: string;
  action?: AuditAction;
  fromMs?: number;
  toMs?: number;
  /** The page starts below this entry (the last one of the page before). */
  beforeSeq?: number;
  limit: number;
}

/**
 * What makes the table append-only in each database, beside the store having no code that
 * changes or deletes an entry: a trigger that refuses UPDATE, DELETE (and on Postgres
 * TRUNCATE) to any client of the database.
 */
export const APPEND_ONLY = {
  postgres: `CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
     CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit
       FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();`,
  sqlite: `CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
       BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
     CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
       BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`,
} as const;

const detailOf = (json: string | null): Record<string, unknown> | null => {
  if (json === null) return null;
  try {
    const v: unknown = JSON.parse(json);
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The audit log, shared by every replica: `append` is the one way in, and nothing here
 * changes or removes an entry. Entries are numbered by one sequence, newest highest.
 */
export class StoredAudit {
  constructor(private readonly db: Db) {}

  async append(entry: AuditAppend): Promise<void> {
    await this.db
      .insertInto('audit')
      .values({
        at_ms: Date.now(),
        actor: entry.actor,
        action: entry.action,
        subject: entry.subject ?? null,
        detail_json: entry.detail ? JSON.stringify(entry.detail) : null,
        ip: entry.ip ?? null,
      })
      .execute();
  }

  /** One page, newest first, and whether older entries follow. */
  async list(f: AuditFilter): Promise<{ entries: AuditRecord[]; more: boolean }> {
    const rows = await this.db
      .selectFrom('audit')
      .selectAll()
      .$if(f.person !== undefined, (q) =>
        q.where((w) => w.or([w('actor', '=', f.person ?? ''), w('subject', '=', f.person ?? '')])),
      )
      .$if(f.action !== undefined, (q) => q.where('action', '=', f.action ?? ''))
      .$if(f.fromMs !== undefined, (q) => q.where('at_ms', '>=', f.fromMs ?? 0))
      .$if(f.toMs !== undefined, (q) => q.where('at_ms', '<', f.toMs ?? 0))
      .$if(f.beforeSeq !== undefined, (q) => q.where('seq', '<', f.beforeSeq ?? 0))
      .orderBy('seq', 'desc')
      .limit(f.limit + 1)
      .execute();
    const entries = rows.slice(0, f.limit).map((r) => ({
      seq: Number(r.seq),
      atMs: Number(r.at_ms),
      actor: r.actor,
      action: r.action,
      subject: r.subject,
      detail: detailOf(r.detail_json),
      ip: r.ip,
    }));
    return { entries, more: rows.length > f.limit };
  }
}
