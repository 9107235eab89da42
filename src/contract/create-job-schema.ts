import * as z from 'zod/mini';
import { paramsObject, runRule, type PROXY_FILLED } from './create-params';
import { HANDLE_RE } from './handle';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from './operations';
import type { OperationSpec, ParentKind } from './requests/operation';

/**
 * The studio's create (`POST /studio-api/jobs`): one shape per operation, told apart by
 * `operation`. Its params are the service's request less the fields the proxy fills
 * (`jobId` from `parentId`, `callback`, `notify_progress`), and the parent is a handle.
 */

const requiredParent = (name: OperationName, kind: 'image' | 'video') =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? `is required for ${name} (the job whose ${kind} it works on)`
          : 'must be a job handle',
    })
    .check(z.regex(HANDLE_RE, { error: 'must be a job handle' }));

function parentField(name: OperationName, kind: ParentKind) {
  switch (kind) {
    case 'none':
      return z.optional(z.never({ error: `${name} does not take a parent job` }));
    case 'image':
    case 'video':
      return requiredParent(name, kind);
    case 'optional-image':
      return z.optional(z.string().check(z.regex(HANDLE_RE, { error: 'must be a job handle' })));
  }
}

type Spec<N extends OperationName> = (typeof OPERATIONS)[N];
type ParentFieldOf<K> = K extends 'none'
  ? z.ZodMiniOptional<z.ZodMiniNever>
  : K extends 'optional-image'
    ? z.ZodMiniOptional<z.ZodMiniString<string>>
    : z.ZodMiniString<string>;
type ParamsShape<N extends OperationName> = {
  [K in keyof (typeof PROXY_FILLED & Spec<N>['fields'])]: (typeof PROXY_FILLED &
    Spec<N>['fields'])[K];
};
type AsShape<T> = T extends z.core.$ZodShape ? T : never;
/** The create of one operation, typed by its spec (the builder below makes exactly this). */
type CreateOption<N extends OperationName> = z.ZodMiniObject<{
  operation: z.ZodMiniLiteral<N>;
  parentId: ParentFieldOf<Spec<N>['parent']>;
  params: z.ZodMiniPrefault<z.ZodMiniObject<AsShape<ParamsShape<N>>>>;
}>;

function createOf<N extends OperationName>(name: N): CreateOption<N> {
  const spec = OPERATIONS[name] as OperationSpec<z.core.$ZodShape>;
  const shape = {
    operation: z.literal(name),
    parentId: parentField(name, spec.parent),
    params: z.prefault(paramsObject(spec), {}),
  };
  const option = z
    .object(shape)
    .check(
      z.superRefine((c, ctx) =>
        runRule(spec, c.params, c.parentId !== undefined, (field, message) =>
          ctx.addIssue({ code: 'custom', path: ['params', field], message }),
        ),
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
