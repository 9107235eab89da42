import type { CreateJobRequest, CreateParams } from './create-job-schema';
import type { OperationName } from './operations';
import { PROMPT_FIELDS } from './requests/prompt-fields';

// What a create is, without its schema: the prompt it carries and its body. The browser
// builds and prices creates from these on its first page, before zod and the operations'
// schemas have loaded (`create-job.ts` has those).

/** The prompt a create's params carry (`text`, `prompt` or `remixPrompt`), if any. */
export function promptOfParams(name: OperationName, params: object | null): string | null {
  const field = PROMPT_FIELDS[name];
  if (field === null || params === null) return null;
  const v: unknown = (params as Record<string, unknown>)[field];
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * A create for one operation, typed by it. (TypeScript cannot tie `operation` and
 * `params` of a generic `N` to one member of the union, hence the one cast.)
 */
export const createRequest = <N extends OperationName>(
  operation: N,
  params: CreateParams<N>,
  parentId?: string,
): CreateJobRequest =>
  ({ operation, params, ...(parentId === undefined ? {} : { parentId }) }) as CreateJobRequest;
