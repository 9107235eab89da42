import { z } from 'zod';
import { sql } from 'kysely';
import { PERSON_UNKNOWN, type PersonSpending, type SpendingDay } from '@/contract/spending';
import type { LocalDay } from '../model/local-days';
import type { Db } from './schema';

/** The jobs, consumed and refunded credits of one maker on one day (`n`, from 0). */
const personCellSchema = z.object({
  n: z.number().int(),
  person: z.string().nullable(),
  name: z.string().nullable(),
  jobs: z.number().int(),
  consumed: z.number(),
  refunded: z.number(),
});
export type PersonCell = z.infer<typeof personCellSchema>;

/** What the page calls a maker the studio does not know, or one whose row is gone. */
const UNKNOWN_PERSON_NAME = 'Unknown';

/**
 * The non-empty (day, maker) cells of the days given, with each maker's name, from the
 * ledger's rows (each keeps its job's maker, deleted jobs included), on both databases.
 */
export async function readPersonCells(db: Db, days: readonly LocalDay[]): Promise<PersonCell[]> {
  if (days.length === 0) return [];
  const bounds = [...days.map((d) => d.startMs), days.at(-1)?.endMs ?? 0];
  const ranges = days.map(
    (_, n) =>
      sql`(CAST(${n} AS integer), CAST(${bounds[n]} AS bigint), CAST(${bounds[n + 1]} AS bigint))`,
  );
  const { rows } = await sql`WITH days(n, start_at, end_at) AS (VALUES ${sql.join(ranges)})
    SELECT days.n AS n, t.created_by AS person, MAX(p.name) AS name,
      CAST(COUNT(*) AS integer) AS jobs,
      CAST(SUM(t.consumed) AS double precision) AS consumed,
      CAST(SUM(t.refunded) AS double precision) AS refunded
    FROM days JOIN ledger t ON t.created_ms >= days.start_at AND t.created_ms < days.end_at
    LEFT JOIN people p ON p.id = t.created_by
    GROUP BY days.n, t.created_by`.execute(db);
  return z.array(personCellSchema).parse(rows);
}

/** Each day's consumed credits by maker, into `daily` (from `toDaily`). */
export function addPeople(daily: SpendingDay[], cells: readonly PersonCell[]): void {
  for (const c of cells) {
    const day = daily[c.n];
    if (day && c.consumed > 0) day.byPerson[c.person ?? PERSON_UNKNOWN] = c.consumed;
  }
}

/**
 * Jobs and credits summed under a key, most consumed first (per operation, per maker);
 * `first` makes a key's empty total.
 */
export function totalsBy<
  T extends { jobs: number; consumed: number; refunded: number },
  C extends { jobs: number; consumed: number; refunded: number },
>(cells: readonly C[], keyOf: (c: C) => string, first: (c: C) => T): T[] {
  const totals = new Map<string, T>();
  for (const c of cells) {
    const key = keyOf(c);
    const t = totals.get(key) ?? first(c);
    t.jobs += c.jobs;
    t.consumed += c.consumed;
    t.refunded += c.refunded;
    totals.set(key, t);
  }
  return [...totals.values()].sort((a, b) => b.consumed - a.consumed || b.jobs - a.jobs);
}

/** Per maker over the range, most consumed first. */
export const byPerson = (cells: readonly PersonCell[]): PersonSpending[] =>
  totalsBy(
    cells,
    (c) => c.person ?? PERSON_UNKNOWN,
    (c) => ({
      id: c.person ?? PERSON_UNKNOWN,
      name: c.name ?? UNKNOWN_PERSON_NAME,
      jobs: 0,
      consumed: 0,
      refunded: 0,
    }),
  );
