import { Hono } from 'hono';
import { taskResponseSchema, type TaskResponse } from '@/contract/task';
import type { Logger } from '../log';
import { TOKEN_RE } from '../model/ids';
import type { JobRecord } from '../model/record';
import type { HistoryStore } from '../store/shared-store';
import { studioError, studioErrorResponse } from '../studio-error';
import type { JobUpdater } from '../sync/updater';
import type { CallbackLinks } from '../webhooks/links';
import type { Reachability } from '../webhooks/reachability';
import { refuseCallback } from '../webhooks/signature';
import { jsonBodyLimit } from './validate';

/** A TaskResponse with 24 image URLs and long prompts is far below this. */
const MAX_CALLBACK_BYTES = 1024 * 1024;

interface WebhookDeps {
  history: HistoryStore;
  links: Pick<CallbackLinks, 'settled'>;
  updater: Pick<JobUpdater, 'applySoon'>;
  reach: Pick<Reachability, 'hookReceived'>;
  log: Logger;
  webhookSecret: string | undefined;
  /** This process's id, answered at /hooks/probe so the start-up check knows it is us. */
  instance: string;
}

const refuse = (status: number, code: string, message: string) =>
  studioErrorResponse(studioError(status, code, message));

function parseTask(text: string): TaskResponse | null {
  try {
    const parsed = taskResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The job of a token, once a create still under way for it has an outcome. */
async function jobOf(deps: WebhookDeps, token: string): Promise<JobRecord | null> {
  await deps.links.settled(token);
  return deps.history.findByHook(token);
}

/**
 * The body must be this job's task. A job whose create's answer was lost has no upstream
 * id to compare: the token, known only to the upstream, names it, and the body names the
 * task it adopts.
 */
const isTaskOf = (job: JobRecord, task: TaskResponse): boolean =>
  job.createState === null ? task.job_id === job.upstreamId : task.job_id !== '';

/**
 * `/hooks/<token>`: the upstream's callbacks. Reachable without a session (the upstream has
 * none), so the token is the credential; answered quickly, the media is cached after.
 * Messages say nothing about the job: the caller may be anyone. Besides `GET /probe`, only
 * `POST /<token>` is served here: any other method or path is 404, so `/hooks/…` never
 * falls through to the SPA's shell, which would answer it without a session.
 */
export function webhookRoutes(deps: WebhookDeps): Hono {
  const app = new Hono();
  app.get('/probe', (c) => c.text(deps.instance));
  app.post('/:token', jsonBodyLimit(MAX_CALLBACK_BYTES), async (c) => {
    const token = c.req.param('token');
    if (!TOKEN_RE.test(token)) return refuse(404, 'not_found', 'No such callback.');
    const body = await c.req.text();
    const headers = {
      timestamp: c.req.header('x-webhook-timestamp'),
      signature: c.req.header('x-webhook-signature'),
    };
    const why = refuseCallback(deps.webhookSecret, headers, body);
    if (why !== null) {
      deps.log.warn('callback refused', { why });
      return refuse(401, 'unauthorized', `Callback refused: ${why}.`);
    }
    const job = await jobOf(deps, token);
    if (!job) return refuse(404, 'not_found', 'No such callback.');
    const task = parseTask(body);
    if (task === null || !isTaskOf(job, task)) {
      deps.log.warn('callback body refused', { handle: job.handle });
      return refuse(400, 'invalid_request', 'The callback body is not this job’s task.');
    }
    deps.reach.hookReceived();
    deps.updater.applySoon(job.handle, task, () => undefined);
    return c.json({ ok: true });
  });
  app.all('*', () => refuse(404, 'not_found', 'No such callback.'));
  return app;
}
