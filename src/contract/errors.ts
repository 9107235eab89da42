import type * as z from 'zod/mini';
import { NO_ERROR, type TaskResponse } from './task';

/**
 * One sentence per problem, each naming the field: `imageNo: must be an integer between 0
 * and 3`. Used for the 400 messages of the engine and the studio.
 */
export function formatIssues(error: z.core.$ZodError): string {
  const sentences = error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)));
    const field = path.join('.').replace(/\.\[/g, '[');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  // zod can report one problem twice (a wrong type, then a length check on it): say it once.
  return [...new Set(sentences)].join('; ');
}

/** A rejected create, in the TaskResponse shape the service uses for errors. */
export function errorTaskResponse(
  code: number,
  message: string,
  detail: unknown = null,
): TaskResponse {
  return {
    job_id: '',
    model: '',
    task_type: '',
    status: 'failed',
    config: { service_mode: '', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: null,
    meta: null,
    detail: null,
    logs: [],
    error: { ...NO_ERROR, code, message, detail },
  };
}
