import type { SchemaDb } from './dialect';

/**
 * A schema step (`migrations.ts`; never edit): share links may show a collection.
 * `collection_id` holds the collection's handle (its id in the API, never reused, unlike
 * the internal number a new collection could take after a deletion), so a link to a
 * deleted collection stays gone. SQLite cannot drop a column's NOT NULL without copying
 * the table, so `job_handle` stays as it was and holds '' on a collection's link: a row
 * names a job or a collection, never both (`shares.ts` writes it so and reads '' as none).
 */
export async function shareCollections(db: SchemaDb): Promise<void> {
  await db.schema.alterTable('share_links').addColumn('collection_id', 'text').execute();
}
