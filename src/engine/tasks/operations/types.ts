import type * as z from 'zod/mini';
import type { OperationName, OperationRequest } from '@/contract/operations';
import { OPERATIONS } from '@/contract/operations';
import type { AccountRow } from '@/engine/accounts/accounts-store';
import type { ParentQuery } from '../rules/parents';
import type { StoredOutput } from '@/engine/db/stored-output';
import type { TaskRow, TaskStore } from '@/engine/db/task-store';

export interface PlanContext {
  account: AccountRow;
  parents: ParentQuery;
}

/** What the create path needs to know about a valid request before it admits it. */
export interface Plan {
  /** The prompt the task works from (its own, or its parent's for follow-ups). */
  prompt: string;
  parentJobId: string | null;
  imageNo: number | null;
  cost: number;
}

export interface RunContext {
  tasks: TaskStore;
  filesDir: string;
  /** ENGINE_ALLOW_PRIVATE_FETCH: outbound fetches may reach private addresses. */
  allowPrivateFetch: boolean;
  /** Aborts when the engine stops: long work (video encoders) ends at once. */
  signal?: AbortSignal;
}

/**
 * How the engine carries out one operation. `plan` runs at create and throws a
 * Rejection for anything the contract's schema cannot see (flags, parents, sizes);
 * `run` makes the media of one attempt and must be safe to run again.
 */
export interface OperationImpl<Req> {
  plan(req: Req, ctx: PlanContext): Plan;
  run(task: TaskRow, req: Req, ctx: RunContext): Promise<StoredOutput>;
}

type ParseResult =
  | { ok: true; input: Record<string, unknown>; plan: (ctx: PlanContext) => Plan }
  | { ok: false; error: z.core.$ZodError };

/** An operation with its request type erased, so the create path can be generic. */
export interface EngineOperation {
  name: OperationName;
  parse(body: unknown): ParseResult;
  run(task: TaskRow, ctx: RunContext): Promise<StoredOutput>;
}

export function bindOperation<N extends OperationName>(
  name: N,
  impl: OperationImpl<OperationRequest<N>>,
): EngineOperation {
  // The registry's schema for N produces OperationRequest<N>; TypeScript cannot follow
  // the indexed access through the generic, so it is stated once here.
  const schema = OPERATIONS[name].schema as unknown as z.ZodMiniType<OperationRequest<N>>;
  return {
    name,
    parse(body) {
      const result = schema.safeParse(body);
      if (!result.success) return { ok: false, error: result.error };
      const req = result.data;
      return { ok: true, input: req, plan: (ctx) => impl.plan(req, ctx) };
    },
    run(task, ctx) {
      // The stored input was produced by this schema, so it parses again.
      return impl.run(task, schema.parse(task.input), ctx);
    },
  };
}
