import type { SchemaDb } from './dialect';

/**
 * A schema step (`migrations.ts`; never edit): the mask each job was sent with, one row a
 * job (gone with the job, `remove.ts`); and each person's masks saved by name for an image,
 * a name once per person and image (`image_key` is the image's SHA-256, so that the key
 * stays short whatever the address's length).
 */
export async function masksTables(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('job_masks')
    .addColumn('job_handle', 'text', (c) => c.primaryKey())
    .addColumn('mask_json', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('saved_masks')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mask_json', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('saved_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_masks_pkey', ['person_id', 'image_key', 'name'])
    .execute();
}
