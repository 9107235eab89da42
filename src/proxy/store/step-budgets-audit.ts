import { sql } from 'kysely';
import { APPEND_ONLY } from './audit';
import type { SchemaDb, StoreDialect } from './dialect';

const REAL = 'double precision';

/**
 * A step of `migrations.ts` (version 4 as written; written once, never edited): budgets per person and the team default, what each create reserved against
 * its maker's budget (the jobs made before count as what they froze), and the audit log,
 * which Postgres refuses to change or delete from (SQLite's studio has no other client).
 */
export async function budgetsAndAudit(db: SchemaDb, d: StoreDialect): Promise<void> {
  await db.schema
    .createTable('budgets')
    .addColumn('person_id', 'text', (c) => c.primaryKey())
    .addColumn('day_credits', REAL)
    .addColumn('month_credits', REAL)
    .addColumn('updated_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('budget_charges')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('added_ms', 'bigint', (c) => c.notNull())
    .addColumn('estimate', REAL, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('budget_charges_person')
    .on('budget_charges')
    .columns(['person_id', 'added_ms'])
    .execute();
  await sql`INSERT INTO budget_charges (handle, person_id, added_ms, estimate)
    SELECT handle, created_by, added_ms, cost_frozen FROM jobs
    WHERE created_by IS NOT NULL`.execute(db);
  await db.schema
    .createTable('audit')
    .addColumn('seq', d.types.sequence, (c) => d.sequence(c, true))
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('detail_json', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_actor').on('audit').columns(['actor', 'seq']).execute();
  await db.schema.createIndex('audit_subject').on('audit').columns(['subject', 'seq']).execute();
  await db.schema.createIndex('audit_action').on('audit').columns(['action', 'seq']).execute();
  await db.schema.createIndex('audit_time').on('audit').columns(['at_ms', 'seq']).execute();
  await d.exec(db, APPEND_ONLY[d.kind]);
}
