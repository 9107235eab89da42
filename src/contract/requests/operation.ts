import type * as z from 'zod/mini';
import type { TaskType } from '../task';

/** What a parent must be for a follow-up: none, an image task, or a video task. */
export type ParentKind = 'none' | 'image' | 'video' | 'optional-image';

/** Says one problem of a field (`field` is a key of the params). */
export type Report = (field: string, message: string) => void;

/**
 * Whether the create names a parent job, and by which field: the service's body says
 * `jobId`, the studio's create says `parentId` (a handle).
 */
interface ParentRef {
  given: boolean;
  field: 'jobId' | 'parentId';
}

/** What a title may say of the job besides its params. */
export interface TitledJob {
  hasParent: boolean;
  prompt: string;
}

/**
 * Everything known about one create operation, written once: the service's request is
 * built from `fields` (with `callback`, `notify_progress` and, for follow-ups, `jobId`),
 * the studio's create from `fields` and a parent handle, and the studio's titles, prompt
 * and cost estimates from the same params.
 */
export interface OperationSpec<F extends z.core.$ZodShape, K extends ParentKind = ParentKind> {
  taskType: TaskType;
  parent: K;
  /** The operation's own fields: the service's request less jobId, callback, notify_progress. */
  fields: F;
  /** The field that holds the prompt the job is known by, if any. */
  promptField: (keyof F & string) | null;
  /**
   * What the job is, in words ("Pan left", "Upscale (subtle)"), from those of its params
   * that are known: a job may have kept none (older ones, or over the size bound).
   */
  title: (params: Partial<z.output<z.ZodMiniObject<F>>>, job: TitledJob) => string;
  /** A check across fields that depends on whether a parent is named. */
  rule?: (params: z.output<z.ZodMiniObject<F>>, parent: ParentRef, report: Report) => void;
}

export const defineOperation = <F extends z.core.$ZodShape, K extends ParentKind>(
  spec: OperationSpec<F, K>,
) => spec;

/** Adds a spec's cross-field rule to a service request schema (whose parent is `jobId`). */
export const withServiceRule =
  <F extends z.core.$ZodShape>(spec: OperationSpec<F>) =>
  (body: z.output<z.ZodMiniObject<F>> & { jobId?: string }, ctx: z.core.$RefinementCtx): void => {
    spec.rule?.(body, { given: body.jobId !== undefined, field: 'jobId' }, (field, message) =>
      ctx.addIssue({ code: 'custom', path: [field], message }),
    );
  };

/** `2×`, `1.5×`: scales as people say them. */
export const times = (scale: number): string => `${Number(scale.toFixed(2))}×`;

/** `Vary (strong)`, or `Vary` when the detail is unknown. */
export const titled = (name: string, detail: string | undefined): string =>
  detail ? `${name} (${detail})` : name;
