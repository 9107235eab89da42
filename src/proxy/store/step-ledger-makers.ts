import { sql } from 'kysely';
import type { SchemaDb, StoreDialect } from './dialect';

/**
 * A schema step (`migrations.ts`; never edit): the maker of each ledger row (see
 * `LedgerDialect.makers`), so spending splits by person even for deleted jobs; rows from
 * before take their job's maker where the job remains.
 */
export async function ledgerMakers(db: SchemaDb, d: StoreDialect): Promise<void> {
  await db.schema.alterTable('ledger').addColumn('created_by', 'text').execute();
  await db
    .updateTable('ledger')
    .set({
      created_by: sql`(SELECT created_by FROM jobs WHERE jobs.handle = ledger.handle)`,
    })
    .execute();
  await d.ledger.makers(db);
}
