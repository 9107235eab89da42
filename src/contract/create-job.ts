import * as z from 'zod/mini';
import { OPERATIONS, type OperationName } from './operations';
import { paramsObject, runRule } from './create-params';
import type { OperationSpec, TitledJob } from './requests/operation';

/**
 * What the studio knows of a create's params, per operation: the schema the browser checks
 * before sending, the prompt, the title, the body. The create's own schema, built from the
 * same pieces (`create-params.ts`), is in `create-job-schema.ts` (the proxy parses with it;
 * the browser needs only its types).
 */

const paramsSchemas = new Map<string, z.ZodMiniType<Record<string, unknown>>>();

/**
 * The params of one operation as the studio checks them before sending (the same fields
 * and rules the proxy applies), for a create that does or does not name a parent.
 */
export function paramsSchemaOf(
  name: OperationName,
  hasParent: boolean,
): z.ZodMiniType<Record<string, unknown>> {
  const key = `${name}:${hasParent}`;
  const known = paramsSchemas.get(key);
  if (known) return known;
  const spec = OPERATIONS[name] as OperationSpec<z.core.$ZodShape>;
  const schema = paramsObject(spec).check(
    z.superRefine((p, ctx) =>
      runRule(spec, p, hasParent, (field, message) =>
        ctx.addIssue({ code: 'custom', path: [field], message }),
      ),
    ),
  );
  paramsSchemas.set(key, schema);
  return schema;
}

/**
 * What a job is, in words ("Pan left", "Upscale (subtle)", "Animate (720p)"), from the
 * params it was created with; a job that kept none gets the operation's plain name.
 */
export function titleOf(name: OperationName, params: unknown, job: TitledJob): string {
  const spec = OPERATIONS[name] as OperationSpec<z.core.$ZodShape>;
  // Field by field: one that no longer parses (a redacted URL) leaves the others known.
  const known: Record<string, unknown> = {};
  if (params !== null && typeof params === 'object') {
    for (const [field, schema] of Object.entries(spec.fields)) {
      const value: unknown = (params as Record<string, unknown>)[field];
      const result = z.safeParse(schema, value);
      if (result.success && result.data !== undefined) known[field] = result.data;
    }
  }
  return spec.title(known, job);
}
