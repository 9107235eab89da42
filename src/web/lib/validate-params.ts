import type { z } from 'zod';
import { OPERATIONS } from '@/contract/operations';
import type { OperationName } from '@/contract/operations';

/** Problems by field, `imgUrls[1]` style as `formatIssues` writes paths; `''` is the body. */
export type FieldIssues = Record<string, string[]>;

const fieldOf = (path: readonly PropertyKey[]): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');

/** Groups zod issues by the field they name, each message said once. */
function fieldIssues(error: z.ZodError): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of error.issues) {
    const key = fieldOf(issue.path);
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/**
 * A stand-in parent id, built at run time so no UUID-shaped literal ships in the bundle:
 * it lets the browser check a follow-up's params with the contract's schema, while the
 * proxy fills the real `jobId` and it is never sent.
 */
const STAND_IN_JOB_ID = ['00000000', '0000', '0000', '0000', '000000000000'].join('-');

export type ParamsCheck =
  { ok: true; params: Record<string, unknown> } | { ok: false; issues: FieldIssues };

/**
 * Checks a create's params with the operation's request schema, the same one the proxy and
 * the engine use. `params` is what the browser sends: defaults the schema would add are
 * not sent, so the service applies its own.
 */
export function checkParams(
  operation: OperationName,
  params: Record<string, unknown>,
  followUp = false,
): ParamsCheck {
  const body = followUp ? { ...params, jobId: STAND_IN_JOB_ID } : params;
  const schema: z.ZodType<Record<string, unknown>> = OPERATIONS[operation].schema;
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, params };
  return { ok: false, issues: fieldIssues(result.error) };
}

/** The first problem of a field, for the message shown next to it. */
export const issueFor = (issues: FieldIssues | null, field: string): string | null =>
  issues?.[field]?.[0] ?? null;
