import { sql, type SqlBool } from 'kysely';
import type { SchemaDb } from './dialect';

/**
 * A step of `migrations.ts` (written once, never edited): the studio's create queue. A
 * create the service cannot take yet waits as a job with `create_state = 'queued'`, its
 * place in line (`queue_position`, 1 first; 0 while the head is being sent) and what to
 * send (`queue_body`); `queue_lease` names the one replica that sends them.
 */
export async function createQueue(db: SchemaDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('queue_position', 'integer').execute();
  await db.schema.alterTable('jobs').addColumn('queue_body', 'text').execute();
  await db.schema
    .createIndex('jobs_queued')
    .on('jobs')
    .column('queue_position')
    .where(sql<SqlBool>`queue_position IS NOT NULL`)
    .execute();
  await db.schema
    .createTable('queue_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('replica', 'text', (c) => c.notNull())
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .execute();
}
