import { z } from 'zod';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from './operations';
import type { OperationSpec, ParentKind, Report, TitledJob } from './requests/operation';
import { HANDLE_RE } from './handle';

/**
 * The studio's create (`POST /studio-api/jobs`): one shape per operation, told apart by
 * `operation`. Its params are the service's request less the fields the proxy fills
 * (`jobId` from `parentId`, `callback`, `notify_progress`), and the parent is a handle.
 */

/** Fields of the service's request that the proxy fills; a create may not give them. */
const PROXY_FILLED = {
  jobId: z.never({ error: 'must not be given (name the parent job with parentId)' }).optional(),
  callback: z.never({ error: 'must not be given (the studio sets it)' }).optional(),
  notify_progress: z.never({ error: 'must not be given (the studio sets it)' }).optional(),
};
export const PROXY_FILLED_FIELDS: ReadonlySet<string> = new Set(Object.keys(PROXY_FILLED));

const requiredParent = (name: OperationName, kind: 'image' | 'video') =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? `is required for ${name} (the job whose ${kind} it works on)`
          : 'must be a job handle',
    })
    .regex(HANDLE_RE, { error: 'must be a job handle' });

function parentField(name: OperationName, kind: ParentKind) {
  switch (kind) {
    case 'none':
      return z.never({ error: `${name} does not take a parent job` }).optional();
    case 'image':
    case 'video':
      return requiredParent(name, kind);
    case 'optional-image':
      return z.string().regex(HANDLE_RE, { error: 'must be a job handle' }).optional();
  }
}

const paramsObject = <F extends z.ZodRawShape>(spec: OperationSpec<F>) =>
  z.object({ ...PROXY_FILLED, ...spec.fields });

const runRule = <F extends z.ZodRawShape>(
  spec: OperationSpec<F>,
  params: z.output<z.ZodObject<F>>,
  hasParent: boolean,
  report: Report,
) => spec.rule?.(params, { given: hasParent, field: 'parentId' }, report);

type Spec<N extends OperationName> = (typeof OPERATIONS)[N];
type ParentFieldOf<K> = K extends 'none'
  ? z.ZodOptional<z.ZodNever>
  : K extends 'optional-image'
    ? z.ZodOptional<z.ZodString>
    : z.ZodString;
type ParamsShape<N extends OperationName> = {
  [K in keyof (typeof PROXY_FILLED & Spec<N>['fields'])]: (typeof PROXY_FILLED &
    Spec<N>['fields'])[K];
};
type AsShape<T> = T extends z.ZodRawShape ? T : never;
/** The create of one operation, typed by its spec (the builder below makes exactly this). */
type CreateOption<N extends OperationName> = z.ZodObject<{
  operation: z.ZodLiteral<N>;
  parentId: ParentFieldOf<Spec<N>['parent']>;
  params: z.ZodPrefault<z.ZodObject<AsShape<ParamsShape<N>>>>;
}>;

function createOf<N extends OperationName>(name: N): CreateOption<N> {
  const spec = OPERATIONS[name] as OperationSpec<z.ZodRawShape>;
  const shape = {
    operation: z.literal(name),
    parentId: parentField(name, spec.parent),
    params: paramsObject(spec).prefault({}),
  };
  const option = z
    .object(shape)
    .superRefine((c, ctx) =>
      runRule(spec, c.params, c.parentId !== undefined, (field, message) =>
        ctx.addIssue({ code: 'custom', path: ['params', field], message }),
      ),
    );
  return option as unknown as CreateOption<N>;
}

type CreateOptions = { [N in OperationName]: CreateOption<N> };
const CREATE_OPTIONS = Object.fromEntries(
  OPERATION_NAMES.map((name) => [name, createOf(name)]),
) as CreateOptions;

export const createJobSchema = z.discriminatedUnion(
  'operation',
  Object.values(CREATE_OPTIONS) as [
    CreateOptions[OperationName],
    ...CreateOptions[OperationName][],
  ],
  {
    error: (iss) =>
      iss.code === 'invalid_union' ? `must be one of ${OPERATION_NAMES.join(', ')}` : undefined,
  },
);
/** A create as the proxy has it, defaults applied. */
export type CreateJob = z.output<typeof createJobSchema>;
/** A create as the browser sends it: defaults are left to the service. */
export type CreateJobRequest = z.input<typeof createJobSchema>;
/** The params of one operation's create, as the browser sends them. */
export type CreateParams<N extends OperationName> = Extract<
  CreateJobRequest,
  { operation: N }
>['params'];

const paramsSchemas = new Map<string, z.ZodType<Record<string, unknown>>>();

/**
 * The params of one operation as the studio checks them before sending (the same fields
 * and rules the proxy applies), for a create that does or does not name a parent.
 */
export function paramsSchemaOf(
  name: OperationName,
  hasParent: boolean,
): z.ZodType<Record<string, unknown>> {
  const key = `${name}:${hasParent}`;
  const known = paramsSchemas.get(key);
  if (known) return known;
  const spec = OPERATIONS[name] as OperationSpec<z.ZodRawShape>;
  const schema = paramsObject(spec).superRefine((p, ctx) =>
    runRule(spec, p, hasParent, (field, message) =>
      ctx.addIssue({ code: 'custom', path: [field], message }),
    ),
  );
  paramsSchemas.set(key, schema);
  return schema;
}

/** The prompt a create's params carry (`text`, `prompt` or `remixPrompt`), if any. */
export function promptOfParams(name: OperationName, params: object | null): string | null {
  const field = OPERATIONS[name].promptField;
  if (field === null || params === null) return null;
  const v: unknown = (params as Record<string, unknown>)[field];
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * What a job is, in words ("Pan left", "Upscale (subtle)", "Animate (720p)"), from the
 * params it was created with; a job that kept none gets the operation's plain name.
 */
export function titleOf(name: OperationName, params: unknown, job: TitledJob): string {
  const spec = OPERATIONS[name] as OperationSpec<z.ZodRawShape>;
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
