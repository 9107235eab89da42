import { activeTasksEnvelopeSchema, activeTasksSchema, type ActiveTasks } from '@/contract/account';
import { MODEL_NAME } from '@/contract/task';
import { pickValid } from './build-summary';

/** One unfinished task as `/account/active_tasks` lists it. */
export type RawTask = ActiveTasks['tasks'][number];
type Counts = ActiveTasks['by_model'][string];

/**
 * What the last full read of `/account/active_tasks` said about tasks the studio did not
 * make (another client on the same key): the studio hears nothing of those, so they stand
 * as read until the next full read. The studio's own tasks are taken out, and put back as
 * the studio knows them now (`withOwn`).
 */
export interface OthersTasks {
  /** The read's other fields (`account_id`, `concurrent_limit`), as read. */
  rest: Partial<ActiveTasks>;
  tasks: RawTask[];
  /** The read's total less the studio's own tasks in it; undefined when it sent none. */
  total: number | undefined;
  /** The read's counts less the studio's own tasks in it; undefined when it sent none. */
  byModel: Record<string, Counts> | undefined;
  /** The model the studio's own tasks are counted under. */
  model: string;
  /** When the service says each of the studio's own tasks was created, by upstream id. */
  createdAt: Map<string, string>;
}

/**
 * Whether the service's `total_active` counts a task: the engine counts the tasks that
 * hold a slot, not the staged ones (`activeCount` in src/engine/accounts/limits.ts).
 */
const inTotal = (t: RawTask): boolean => t.status !== 'staged';

const STATES = ['staged', 'pending', 'processing', 'retry'] as const;
type CountedState = (typeof STATES)[number];
const counted = (status: string): status is CountedState =>
  (STATES as readonly string[]).includes(status);

/**
 * The model the service counts the studio's tasks under: the one model it names, else
 * the model family of the contract.
 */
function modelOf(byModel: Record<string, Counts> | undefined): string {
  const names = Object.keys(byModel ?? {});
  return names.length === 1 && names[0] !== undefined ? names[0] : MODEL_NAME;
}

function addTo(
  byModel: Record<string, Counts>,
  model: string,
  tasks: readonly RawTask[],
  sign: 1 | -1,
): void {
  for (const t of tasks) {
    if (!counted(t.status)) continue;
    const counts = (byModel[model] ??= { staged: 0, pending: 0, processing: 0, retry: 0 });
    counts[t.status] = Math.max(0, counts[t.status] + sign);
  }
}

/**
 * Splits a full read of the active tasks: what is not the studio's stays. `ownNow` is the
 * studio's own unfinished tasks as it knows them at the read: when the service lists fewer
 * tasks than it counts, those are taken as the ones of the studio it counted.
 */
export function othersOf(
  read: unknown,
  isOurs: (upstreamId: string) => boolean,
  ownNow: readonly RawTask[],
): OthersTasks {
  const {
    tasks = [],
    total_active,
    by_model,
    ...rest
  } = pickValid(activeTasksEnvelopeSchema, activeTasksSchema, read);
  const listed = tasks.filter((t) => isOurs(t.job_id));
  const counted =
    total_active === undefined || tasks.filter(inTotal).length >= total_active ? listed : ownNow;
  const model = modelOf(by_model);
  let byModel: Record<string, Counts> | undefined;
  if (by_model) {
    byModel = Object.fromEntries(Object.entries(by_model).map(([k, v]) => [k, { ...v }]));
    addTo(byModel, model, counted, -1);
  }
  return {
    rest,
    tasks: tasks.filter((t) => !isOurs(t.job_id)),
    total:
      total_active === undefined
        ? undefined
        : Math.max(0, total_active - counted.filter(inTotal).length),
    byModel,
    model,
    createdAt: new Map(listed.flatMap((t) => (t.created_at ? [[t.job_id, t.created_at]] : []))),
  };
}

/**
 * The active tasks as the service would list them now: another client's from the last
 * full read, and the studio's own as it knows them (their states come with every callback
 * and every read of the job), in the service's envelope.
 */
export function withOwn(others: OthersTasks, own: readonly RawTask[]): unknown {
  const mine = own.map((t) => ({
    ...t,
    created_at: others.createdAt.get(t.job_id) ?? t.created_at,
  }));
  let byModel = others.byModel;
  if (byModel) {
    byModel = Object.fromEntries(Object.entries(byModel).map(([k, v]) => [k, { ...v }]));
    addTo(byModel, others.model, mine, 1);
  }
  const data: Partial<ActiveTasks> = {
    ...others.rest,
    tasks: [...others.tasks, ...mine],
    ...(others.total === undefined
      ? {}
      : { total_active: others.total + mine.filter(inTotal).length }),
    ...(byModel === undefined ? {} : { by_model: byModel }),
  };
  return { code: 200, message: 'success', data };
}
