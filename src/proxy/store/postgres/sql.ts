import { named, type PgClient, type PgPool } from '@/server/postgres';
import type { CreateState } from '@/proxy/model/record';
import { insertParams, type Row } from '../rows';
import { searchWords } from '../history';

/** A pool or one connection inside a transaction: both answer queries. */
export type Queryable = PgPool | PgClient;

/** Runs a statement written with `@name` placeholders; its rows and how many it changed. */
export async function run(
  db: Queryable,
  sql: string,
  values: Record<string, unknown> = {},
): Promise<{ rows: unknown[]; changes: number }> {
  const { text, values: list } = named(sql, values);
  const result = await db.query(text, list);
  return { rows: result.rows as unknown[], changes: result.rowCount ?? 0 };
}

export async function first(
  db: Queryable,
  sql: string,
  values: Record<string, unknown> = {},
): Promise<unknown> {
  return (await run(db, sql, values)).rows[0];
}

/** The words search matches on, written with every prompt (search.ts's `searchWords`). */
export const PROMPT_WORDS = 'array_to_tsvector(CAST(@prompt_words AS text[]))';
export const promptWords = (prompt: string) => ({ prompt_words: searchWords(prompt) });

/** A new row; the sequence number comes from the table's identity, shared by every replica. */
export async function insertJob(
  db: Queryable,
  job: Row,
  createState: CreateState | null,
): Promise<void> {
  const params = insertParams(job, createState);
  const columns = Object.keys(params);
  await run(
    db,
    `INSERT INTO jobs (${columns.join(', ')}, prompt_words)
     VALUES (${columns.map((c) => `@${c}`).join(', ')}, ${PROMPT_WORDS})`,
    { ...params, ...promptWords(job.prompt) },
  );
}
