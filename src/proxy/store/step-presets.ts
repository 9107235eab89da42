import type { SchemaDb } from './dialect';

/**
 * A schema step (`migrations.ts`; never edit): each person's presets, a named set of
 * `--flags` and a prompt suffix; a name once per person.
 */
export async function presetsTable(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('flags', 'text', (c) => c.notNull())
    .addColumn('suffix', 'text', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('presets_person_name', ['person_id', 'name'])
    .execute();
}
