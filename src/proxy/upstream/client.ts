import { accountErrorSchema } from '@/contract/account';
import type { OperationName } from '@/contract/operations';
import { taskResponseSchema, type TaskResponse } from '@/contract/task';
import type { Redactor } from '../log';
import { outcomeOfStatus, type StudioMetrics, type UpstreamOutcome } from '../metrics';
import { UpstreamError, neverConnected } from './errors';
import type { UpstreamHealth } from './health';
import { withRetry } from './retry';

const READ_TIMEOUT_MS = 15_000;

interface UpstreamClientOptions {
  /** Base URL without `/api`. */
  baseUrl: string;
  apiKey: string;
  redact: Redactor;
  /** Timeout of one read; a create gets twice as long, media eight times. */
  readTimeoutMs?: number;
  /** Attempts for idempotent reads (1 = no retry). */
  readAttempts?: number;
  retryBaseMs?: number;
  /** Told of every answer and every failure to get one from the service's own address. */
  health?: UpstreamHealth;
  /** Counts and times every request by its outcome. */
  metrics?: Pick<StudioMetrics, 'upstreamRequest'>;
}

export type AccountPath = 'balance' | 'info' | 'active_tasks';

/** Network failures and 5xx are worth another try; a 4xx answer will not change. */
const isTransient = (err: unknown): boolean =>
  err instanceof UpstreamError && (err.status === null || err.status >= 500);

function retryAfterS(res: Response): number | null {
  const v = res.headers.get('retry-after');
  if (v === null) return null;
  const n = Number(v);
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The message of an error answer: TaskResponse shape on /v1, `{message}` on /account. */
function messageOf(text: string): string {
  try {
    const json: unknown = JSON.parse(text);
    const task = taskResponseSchema.safeParse(json);
    if (task.success) return task.data.error.message || task.data.error.raw_message;
    const account = accountErrorSchema.safeParse(json);
    if (account.success) return account.data.message;
  } catch {
    // Not JSON: a proxy or load balancer page; a short plain text is still worth showing.
  }
  return text.trimStart().startsWith('<') ? '' : text.slice(0, 300);
}

/**
 * Talks to the task service over HTTP exactly as any client would. Every error it throws
 * is an UpstreamError whose message is already redacted of UUIDs and the key.
 */
export class UpstreamClient {
  private readonly readAttempts: number;
  private readonly retryBaseMs: number;
  private readonly readTimeoutMs: number;

  constructor(private readonly opts: UpstreamClientOptions) {
    this.readAttempts = opts.readAttempts ?? 3;
    this.retryBaseMs = opts.retryBaseMs ?? 250;
    this.readTimeoutMs = opts.readTimeoutMs ?? READ_TIMEOUT_MS;
  }

  /** One POST, never retried: a lost answer must not become a second, charged task. */
  async createTask(operation: OperationName, body: Record<string, unknown>): Promise<TaskResponse> {
    const res = await this.send(`/api/v1/${operation}`, this.readTimeoutMs * 2, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.opts.apiKey },
      body: JSON.stringify(body),
    });
    const task = await this.readTask(res);
    // The service reports some rejections as a TaskResponse with no job behind it.
    if (task.status === 'failed' && task.job_id === '') {
      throw new UpstreamError(task.error.code || 502, this.opts.redact(task.error.message));
    }
    return task;
  }

  /** The task by its upstream id; the read needs no key, so none is sent. */
  getTask(jobId: string, signal?: AbortSignal): Promise<TaskResponse> {
    const path = `/api/v1/job/${encodeURIComponent(jobId)}`;
    return this.read(signal, async () =>
      this.readTask(await this.send(path, this.readTimeoutMs, {}, signal)),
    );
  }

  /** The `data` of an account envelope, as raw JSON: the caller parses it tolerantly. */
  getAccount(path: AccountPath, signal?: AbortSignal): Promise<unknown> {
    return this.read(signal, async () => {
      const headers = { 'x-api-key': this.opts.apiKey };
      const res = await this.send(`/api/account/${path}`, this.readTimeoutMs, { headers }, signal);
      if (!res.ok) throw await this.failure(res);
      return this.json(res);
    });
  }

  /** Media bytes. No key: media hosts (a CDN on the real service) must never receive it. */
  fetchMedia(url: string, signal?: AbortSignal): Promise<Response> {
    const absolute = new URL(url, `${this.opts.baseUrl}/`).toString();
    return this.read(signal, async () => {
      const res = await this.sendTo(absolute, this.readTimeoutMs * 8, {}, signal);
      if (!res.ok) throw await this.failure(res);
      return res;
    });
  }

  /**
   * One read that only asks whether the service answers: no key, no retry, a short
   * timeout. Any HTTP answer counts as contact (the engine has `/api/healthz`; a service
   * without it answers 404, which says as much).
   */
  async probe(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    await this.send('/api/healthz', timeoutMs, {}, signal)
      .then((res) => res.body?.cancel())
      .catch(() => undefined);
  }

  private read<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
    return withRetry(fn, {
      attempts: this.readAttempts,
      baseMs: this.retryBaseMs,
      retryable: isTransient,
      ...(signal ? { signal } : {}),
    });
  }

  /** A request to the service's own address; what happens to it tells its health. */
  private async send(path: string, timeoutMs: number, init: RequestInit, signal?: AbortSignal) {
    const health = this.opts.health;
    const sentAt = Date.now();
    try {
      const res = await this.sendTo(`${this.opts.baseUrl}${path}`, timeoutMs, init, signal);
      health?.answered(res.status, sentAt);
      return res;
    } catch (err) {
      if (err instanceof UpstreamError) health?.unreachable(err.message, sentAt);
      throw err;
    }
  }

  private async sendTo(url: string, timeoutMs: number, init: RequestInit, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const started = performance.now();
    const tell = (outcome: UpstreamOutcome) =>
      this.opts.metrics?.upstreamRequest(outcome, (performance.now() - started) / 1000);
    try {
      const res = await fetch(url, {
        ...init,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      tell(outcomeOfStatus(res.status));
      return res;
    } catch (err) {
      if (signal?.aborted) {
        tell('aborted');
        throw err;
      }
      if (timeout.aborted) {
        tell('timeout');
        throw new UpstreamError(null, 'The image service did not answer in time.');
      }
      const unsent = neverConnected(err);
      tell(unsent ? 'unreachable' : 'broken');
      const why = unsent ? 'could not be reached' : 'broke the connection before it answered';
      throw new UpstreamError(null, `The image service ${why}.`, null, unsent);
    }
  }

  private async readTask(res: Response): Promise<TaskResponse> {
    if (!res.ok) throw await this.failure(res);
    const parsed = taskResponseSchema.safeParse(await this.json(res));
    if (!parsed.success) {
      throw new UpstreamError(null, 'The image service sent a task the studio could not read.');
    }
    return parsed.data;
  }

  private async json(res: Response): Promise<unknown> {
    try {
      return await res.json();
    } catch {
      throw new UpstreamError(null, 'The image service sent an answer that is not JSON.');
    }
  }

  private async failure(res: Response): Promise<UpstreamError> {
    const text = await res.text().catch(() => '');
    return new UpstreamError(
      res.status,
      this.opts.redact(messageOf(text).trim()),
      retryAfterS(res),
    );
  }
}
