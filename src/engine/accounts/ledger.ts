import type { Db } from '../db/open';

/**
 * The quota ledger. Every movement of money is one row here and one update of the
 * account's balance columns, in the same transaction, so at every instant
 * granted = available + frozen + consumed, for credits and for points alike.
 */
export interface Amount {
  credits: number;
  points: number;
}

type Kind = 'grant' | 'freeze' | 'consume' | 'refund';

/** How each kind moves the balance columns (the column deltas per unit). */
const MOVES: Record<
  Kind,
  { granted: number; available: number; frozen: number; consumed: number }
> = {
  grant: { granted: 1, available: 1, frozen: 0, consumed: 0 },
  freeze: { granted: 0, available: -1, frozen: 1, consumed: 0 },
  consume: { granted: 0, available: 0, frozen: -1, consumed: 1 },
  refund: { granted: 0, available: 1, frozen: -1, consumed: 0 },
};

function record(
  db: Db,
  kind: Kind,
  accountId: number,
  jobId: string | null,
  amount: Amount,
  now: string,
): void {
  const m = MOVES[kind];
  db.transaction(() => {
    db.prepare(
      `UPDATE accounts SET
         credits_granted = credits_granted + @c * ${m.granted},
         credits_available = credits_available + @c * ${m.available},
         credits_frozen = credits_frozen + @c * ${m.frozen},
         credits_consumed = credits_consumed + @c * ${m.consumed},
         points_granted = points_granted + @p * ${m.granted},
         points_available = points_available + @p * ${m.available},
         points_frozen = points_frozen + @p * ${m.frozen},
         points_consumed = points_consumed + @p * ${m.consumed},
         updated_at = @now
       WHERE id = @id`,
    ).run({ c: amount.credits, p: amount.points, now, id: accountId });
    db.prepare(
      'INSERT INTO ledger (account_id, job_id, kind, credits, points, at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(accountId, jobId, kind, amount.credits, amount.points, now);
  })();
}

export const grant = (db: Db, accountId: number, amount: Amount, now: string): void =>
  record(db, 'grant', accountId, null, amount, now);

/** How a cost would be split, credits first, then points; null when both together fall short. */
export function splitCost(available: Amount, cost: number): Amount | null {
  const credits = Math.min(available.credits, cost);
  const points = cost - credits;
  return points <= available.points ? { credits, points } : null;
}

export const freeze = (db: Db, accountId: number, jobId: string, amount: Amount, now: string) =>
  record(db, 'freeze', accountId, jobId, amount, now);

export const consume = (db: Db, accountId: number, jobId: string, amount: Amount, now: string) =>
  record(db, 'consume', accountId, jobId, amount, now);

export const refund = (db: Db, accountId: number, jobId: string, amount: Amount, now: string) =>
  record(db, 'refund', accountId, jobId, amount, now);

/**
 * Every way the books can disagree, as readable lines (empty when all is well): the
 * balance identity per account, and the balances against the sum of the ledger rows.
 */
export function auditLedger(db: Db): string[] {
  const problems: string[] = [];
  const rows = db
    .prepare(
      `SELECT a.id, a.credits_granted AS cg, a.credits_available AS ca, a.credits_frozen AS cf,
         a.credits_consumed AS cc, a.points_granted AS pg, a.points_available AS pa,
         a.points_frozen AS pf, a.points_consumed AS pc,
         COALESCE(SUM(CASE l.kind WHEN 'grant' THEN l.credits ELSE 0 END), 0) AS lg,
         COALESCE(SUM(CASE l.kind WHEN 'consume' THEN l.credits ELSE 0 END), 0) AS lc,
         COALESCE(SUM(CASE l.kind WHEN 'freeze' THEN l.credits WHEN 'grant' THEN 0
           ELSE -l.credits END), 0) AS lf
       FROM accounts a LEFT JOIN ledger l ON l.account_id = a.id GROUP BY a.id`,
    )
    .all() as Record<string, number>[];
  for (const r of rows) {
    const n = (k: string): number => r[k] ?? 0;
    if (n('cg') !== n('ca') + n('cf') + n('cc'))
      problems.push(`account ${n('id')}: credits do not add up`);
    if (n('pg') !== n('pa') + n('pf') + n('pc'))
      problems.push(`account ${n('id')}: points do not add up`);
    if (n('lg') !== n('cg') || n('lc') !== n('cc') || n('lf') !== n('cf')) {
      problems.push(`account ${n('id')}: credit balances differ from the ledger`);
    }
  }
  return problems;
}
