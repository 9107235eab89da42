import { sql } from 'kysely';
import type { SchemaDb, StoreDialect } from './dialect';

/**
 * A step of `migrations.ts` (written once, never edited): collections, named by an opaque
 * handle and unique by name per owner whatever its case, and what each holds: a whole job
 * (`image_index` null) or one output of it, once each (the key counts null as -1, as both
 * databases let an index hold an expression).
 */
export async function collections(db: SchemaDb, d: StoreDialect): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', d.types.sequence, (c) => d.sequence(c, true))
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_ms', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX collections_owner_name
    ON collections (COALESCE(owner_id, ''), name_key)`.execute(db);
  await db.schema
    .createTable('collection_items')
    .addColumn('collection_id', d.types.sequence, (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('job_handle', 'text', (c) => c.notNull())
    .addColumn('image_index', 'integer')
    .addColumn('added_by', 'text')
    .addColumn('added_ms', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX collection_items_key
    ON collection_items (collection_id, job_handle, COALESCE(image_index, -1))`.execute(db);
  await db.schema
    .createIndex('collection_items_job')
    .on('collection_items')
    .column('job_handle')
    .execute();
}
