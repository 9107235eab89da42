import type { SchemaDb } from './dialect';

/**
 * A step of `migrations.ts` (append-only): OpenID Connect: each person's accounts at providers, by issuer and subject (the
 * provider's stable id, never the email, which can change hands), and each sign-in under
 * way at a provider, by the SHA-256 of its cookie's token, until its callback or expiry.
 */
export async function identities(db: SchemaDb): Promise<void> {
  await db.schema
    .createTable('person_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('person_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('person_identities_person')
    .on('person_identities')
    .columns(['person_id', 'issuer'])
    .execute();
  await db.schema
    .createTable('oidc_transactions')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .execute();
}
