import { randomUUID } from 'node:crypto';
import { formatIssues } from '@/contract/errors';
import type { OperationName } from '@/contract/operations';
import { OPERATIONS } from '@/contract/operations';
import type { AccountRow } from '../accounts/accounts-store';
import { getAccount } from '../accounts/accounts-store';
import { splitCost } from '../accounts/ledger';
import { admissionFor, countError, errorsToday } from '../accounts/limits';
import { callbackUrlProblem } from '../fetch/callback-url';
import { engineOperation, isSuspended } from './operations/registry';
import type { Plan } from './operations/types';
import { Rejection, badRequest } from './rules/rejection';
import type { MachineDeps } from './state-machine';
import { admit } from './state-machine';
import type { TaskRow, TaskStore } from '../db/task-store';

export interface CreateDeps extends MachineDeps {
  tasks: TaskStore;
  jobTtlS: number;
  extendWindowS: number;
  /** ENGINE_ENHANCE_UPSCALE: enhance-upscale is no longer suspended. */
  enhanceUpscale?: boolean;
  /** ENGINE_ALLOW_PRIVATE_FETCH: callbacks may name private address literals. */
  allowPrivateFetch?: boolean;
}

interface Accepted {
  input: Record<string, unknown>;
  plan: Plan;
}

function parseBody(raw: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(raw);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      return body as Record<string, unknown>;
    }
  } catch {
    // falls through to the same answer as a JSON value that is not an object
  }
  throw badRequest('body: must be a JSON object');
}

const callbackOf = (input: Record<string, unknown>): string =>
  typeof input.callback === 'string' ? input.callback : '';

/** Steps 3 and 4 of a create: the body, then everything that needs the parent. */
function accept(deps: CreateDeps, account: AccountRow, name: OperationName, raw: string): Accepted {
  const body = parseBody(raw);
  const op = engineOperation(name);
  if (!op) {
    const checked = OPERATIONS[name].schema.safeParse(body);
    if (!checked.success) throw badRequest(formatIssues(checked.error));
    throw new Rejection(501, `${name} is not implemented by this engine yet`);
  }
  const parsed = op.parse(body);
  if (!parsed.ok) throw badRequest(formatIssues(parsed.error));
  const callback = callbackOf(parsed.input);
  const wrong = callback && callbackUrlProblem(callback, deps.allowPrivateFetch ?? false);
  if (wrong) throw badRequest(`callback: ${wrong}`);
  const parents = {
    tasks: deps.tasks,
    accountId: account.id,
    ttlS: deps.jobTtlS,
    extendWindowS: deps.extendWindowS,
    now: deps.now(),
  };
  return { input: parsed.input, plan: parsed.plan({ account, parents }) };
}

/** Steps 5 and 6 and the insert, in one transaction so concurrent creates cannot overbook. */
function admitWithinLimits(
  deps: CreateDeps,
  accountId: number,
  name: OperationName,
  { input, plan }: Accepted,
): TaskRow {
  return deps.db
    .transaction(() => {
      const account = getAccount(deps.db, accountId);
      if (!account) throw new Rejection(401, 'invalid API key');
      const counts = deps.tasks.countByStatus(accountId);
      const status = admissionFor(account, counts);
      if (!status) {
        throw new Rejection(
          429,
          `concurrency limit reached: ${counts.pending + counts.processing + counts.retry} running (limit ${account.concurrency}) and ${counts.staged} staged (limit ${account.stagedLimit}); retry after running tasks finish`,
        );
      }
      const available = { credits: account.credits.available, points: account.points.available };
      const cost = splitCost(available, plan.cost);
      if (!cost) throw new Rejection(402, 'insufficient quota');
      const callback = callbackOf(input) || null;
      return admit(deps, {
        jobId: randomUUID(),
        accountId,
        taskType: OPERATIONS[name].taskType,
        status,
        input,
        prompt: plan.prompt,
        parentJobId: plan.parentJobId,
        imageNo: plan.imageNo,
        frozenCredits: cost.credits,
        frozenPoints: cost.points,
        callback,
        createdAt: deps.now().toISOString(),
      });
    })
    .immediate();
}

/**
 * A create, in the order of the interface: (1, the key, is checked by the route) 2 the
 * daily error limit, 3 the body, 4 the parent, 5 the concurrency and staged limits,
 * 6 the quota. Any refusal throws a Rejection before anything is stored or charged.
 */
export function createTask(
  deps: CreateDeps,
  account: AccountRow,
  name: OperationName,
  rawBody: string,
): TaskRow {
  if (isSuspended(name, deps.enhanceUpscale ?? false)) {
    throw new Rejection(503, `${name} is suspended on this service; it accepts no tasks`);
  }
  const now = deps.now().toISOString();
  const errors = errorsToday(deps.db, account.id, now);
  if (errors >= account.dailyErrorLimit) {
    throw new Rejection(
      403,
      `daily error limit reached: ${errors} rejected or failed requests today (limit ${account.dailyErrorLimit}); it resets at 00:00 UTC`,
    );
  }
  let accepted: Accepted;
  try {
    accepted = accept(deps, account, name, rawBody);
  } catch (err) {
    if (err instanceof Rejection && err.countsAsError) countError(deps.db, account.id, now);
    throw err;
  }
  return admitWithinLimits(deps, account.id, name, accepted);
}
