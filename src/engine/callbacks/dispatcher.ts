import { getAccount } from '../accounts/accounts-store';
import type { FetchPolicy } from '../fetch/dial';
import type { PostRequest } from '../fetch/guarded-post';
import { guardedPost } from '../fetch/guarded-post';
import type { Loop } from '@/server/loop';
import { createLoop } from '@/server/loop';
import { logLine } from '../tasks/state-machine';
import type { Db } from '../db/open';
import type { TaskRow, TaskStore } from '../db/task-store';
import { toTaskResponse } from '../tasks/view';
import type { OutboxRow } from '../db/outbox';
import {
  callbackRetryMs,
  dueDeliveries,
  markDelivered,
  markFailed,
  MAX_CALLBACK_ATTEMPTS,
  nextDeliveryAt,
} from '../db/outbox';
import {
  signWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@/server/webhook-signature';

/** A receiver that has not answered within this time counts as a failed attempt. */
const CALLBACK_TIMEOUT_MS = 10_000;
/**
 * While an attempt is under way its row is leased this far into the future: no second
 * copy is sent meanwhile, and if the process dies mid-attempt the row is due again.
 */
const LEASE_MS = CALLBACK_TIMEOUT_MS + 5000;
const BATCH = 20;
const IDLE_MS = 1000;

export interface DispatcherDeps {
  db: Db;
  tasks: TaskStore;
  now: () => Date;
  publicUrl: () => string;
  /** The address policy every delivery passes (ENGINE_ALLOW_PRIVATE_FETCH). */
  fetchPolicy: FetchPolicy;
  onError: (err: unknown) => void;
}

/**
 * One delivery: true when the receiver answered 2xx. The callback URL passes the same
 * address policy as fetched images, and nothing the receiver said is kept: a task's log
 * must not become a way to scan the network the engine sits in, so a timeout, a refused
 * connection, a refused address, an unknown host and an HTTP 500 all read "delivery
 * failed". A refusal is retried like any failure, up to MAX_CALLBACK_ATTEMPTS (about 4
 * minutes) and no further: treated apart, its schedule would tell which internal names
 * resolve, and a name refused now may be fixed by its owner's DNS.
 */
async function post(url: string, request: PostRequest, policy: FetchPolicy): Promise<boolean> {
  try {
    const status = await guardedPost(url, request, { ...policy, timeoutMs: CALLBACK_TIMEOUT_MS });
    return status >= 200 && status < 300;
  } catch {
    return false;
  }
}

export type CallbackRequestBuilder = (task: TaskRow) => { body: string; headers: Headers };

/** The POST of one delivery: the TaskResponse as it is now, timestamped and maybe signed. */
export function buildRequest(
  deps: Pick<DispatcherDeps, 'db' | 'now' | 'publicUrl'>,
  task: TaskRow,
): { body: string; headers: Headers } {
  const body = JSON.stringify(toTaskResponse(task, deps.publicUrl()));
  const timestamp = String(Math.floor(deps.now().getTime() / 1000));
  const headers = new Headers({
    'content-type': 'application/json',
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
  });
  const secret = getAccount(deps.db, task.accountId)?.webhookSecret;
  if (secret) headers.set(WEBHOOK_SIGNATURE_HEADER, signWebhook(secret, timestamp, body));
  return { body, headers };
}

/** Writes the attempt's outcome to the outbox and as a log line of the task, together. */
function recordOutcome(deps: DispatcherDeps, row: OutboxRow, delivered: boolean): void {
  const attempt = row.attempts + 1;
  const at = deps.now();
  let line: string;
  if (delivered) {
    line = `callback attempt ${attempt}: delivered`;
  } else if (attempt >= MAX_CALLBACK_ATTEMPTS) {
    line = `callback attempt ${attempt}: delivery failed; giving up`;
  } else {
    const wait = callbackRetryMs(attempt) / 1000;
    line = `callback attempt ${attempt}: delivery failed; next attempt in ${wait} s`;
  }
  deps.db.transaction(() => {
    if (delivered) markDelivered(deps.db, row.id, attempt, at.toISOString());
    else markFailed(deps.db, row.id, attempt, at.getTime(), at.toISOString());
    deps.tasks.appendLog(row.jobId, logLine(at, line));
  })();
}

export function createDispatcher(deps: DispatcherDeps): Loop {
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const loop = createLoop({ pass, maxWaitMs: IDLE_MS, onError: deps.onError });

  async function deliver(row: OutboxRow): Promise<void> {
    const task = deps.tasks.get(row.jobId);
    if (!task) return;
    const { body, headers } = buildRequest(deps, task);
    const request = { body, headers, signal: stopping.signal };
    const delivered = await post(row.url, request, deps.fetchPolicy);
    if (stopping.signal.aborted) {
      // Cut short by a stop: owed again at once, so the next start sends it first.
      deps.db.prepare('UPDATE outbox SET next_at = ? WHERE id = ?').run(row.nextAt, row.id);
      return;
    }
    recordOutcome(deps, row, delivered);
  }

  function pass(): number {
    const nowMs = deps.now().getTime();
    const lease = deps.db.prepare('UPDATE outbox SET next_at = ? WHERE id = ?');
    for (const row of dueDeliveries(deps.db, nowMs, BATCH)) {
      lease.run(nowMs + LEASE_MS, row.id);
      const done: Promise<void> = deliver(row)
        .catch(deps.onError)
        .finally(() => {
          inFlight.delete(done);
          loop.notify();
        });
      inFlight.add(done);
    }
    const next = nextDeliveryAt(deps.db);
    return next === null ? IDLE_MS : next - nowMs;
  }

  return {
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      stopping.abort();
      await Promise.all(inFlight);
    },
    notify: () => loop.notify(),
  };
}
