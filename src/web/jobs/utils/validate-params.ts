import type * as z from 'zod/mini';
import { paramsSchemaOf } from '@/contract/create-job';
import type { OperationName } from '@/contract/operations';

/** Problems by field, `imgUrls[1]` style as `formatIssues` writes paths; `''` is the body. */
export type FieldIssues = Record<string, string[]>;

const fieldOf = (path: readonly PropertyKey[]): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');

/** Groups zod issues by the field they name, each message said once. */
function fieldIssues(error: z.core.$ZodError): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of error.issues) {
    const key = fieldOf(issue.path);
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

export type ParamsCheck = { ok: true } | { ok: false; issues: FieldIssues };

/**
 * Checks a create's params with the operation's schema, the same fields and rules the
 * proxy applies; `hasParent` says whether the create names a parent job (a follow-up).
 * Defaults the schema would add are not sent, so the service applies its own.
 */
export function checkParams(
  operation: OperationName,
  params: object,
  hasParent = false,
): ParamsCheck {
  const result = paramsSchemaOf(operation, hasParent).safeParse(params);
  return result.success ? { ok: true } : { ok: false, issues: fieldIssues(result.error) };
}

/** The first problem of a field, for the message shown next to it. */
export const issueFor = (issues: FieldIssues | null, field: string): string | null =>
  issues?.[field]?.[0] ?? null;
