import type { AccountRow } from '../accounts/accounts-store';
import type { Db } from '../db/open';
import type { TaskStore } from '../db/task-store';

/** What the HTTP routes share; built once by server.ts. */
export interface EngineContext {
  db: Db;
  tasks: TaskStore;
  filesDir: string;
  jobTtlS: number;
  /** ENGINE_EXTEND_WINDOW_S: a video can be extended this long after it completed. */
  extendWindowS: number;
  /** ENGINE_ENHANCE_UPSCALE: enhance-upscale accepts tasks instead of answering 503. */
  enhanceUpscale: boolean;
  /** ENGINE_ALLOW_PRIVATE_FETCH: a create's callback may name a private address literal. */
  allowPrivateFetch: boolean;
  /** ENGINE_ALERT_USD: the balance below which the low-balance alert is on. */
  alertUsd: number;
  now: () => Date;
  /** Base of absolute media URLs; known only once the server has its port. */
  publicUrl: () => string;
  /** A task of this operation was admitted: wake the scheduler, count it. */
  onCreated: (operation: string) => void;
}

/** Hono's typed context variables: the account the key belongs to. */
export interface EngineEnv {
  Variables: { account: AccountRow };
}
