import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { pino, type DestinationStream } from 'pino';
import { matchedRoute } from './metrics';
import type { LogLevel } from './settings';

/**
 * Log lines of the studio and the engine: one JSON object a line (pino), `time`, `level`
 * by name, `msg`, the fields, and `requestId` on every line written while a request is
 * served.
 */

type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Applied to each serialised line, so nested fields and error texts are covered too. */
  redact?: (line: string) => string;
  /** Where the lines go: standard output unless given (tests keep them). */
  destination?: DestinationStream;
}

const scope = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being served, if any. */
const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

/** An error answer's body with the id of the request it answers, as its log lines carry it. */
export const withRequestId = <T extends object>(body: T): T & { requestId: string | null } => ({
  ...body,
  requestId: currentRequestId() ?? null,
});

/** An error as its name and message: a stack names files, not what went wrong. */
const described = (fields: LogFields = {}): LogFields =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? `${v.name}: ${v.message}` : v]),
  );

export function createLogger(opts: LoggerOptions): Logger {
  const redact = opts.redact;
  const log = pino(
    {
      level: opts.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { requestId };
      },
      ...(redact ? { hooks: { streamWrite: redact } } : {}),
    },
    opts.destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return {
    info: (msg, fields) => log.info(described(fields), msg),
    warn: (msg, fields) => log.warn(described(fields), msg),
    error: (msg, fields) => log.error(described(fields), msg),
  };
}

/**
 * A request id a client or a proxy in front may send: short, of safe characters, and not
 * UUID-shaped (the studio's lines redact UUIDs, so one would not be found in them).
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const UUID_LIKE = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;

export const acceptedRequestId = (given: string | undefined): string =>
  given !== undefined && SAFE_ID.test(given) && !UUID_LIKE.test(given)
    ? given
    : randomBytes(12).toString('base64url');

/**
 * The first middleware: gives the request an id (its `X-Request-Id` when acceptable, else
 * a new one), under which every line logged while it is served is written; answers it in
 * `X-Request-Id`; and writes one access line: method, route pattern (never the path,
 * which holds handles and tokens), status and duration.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const requestId = acceptedRequestId(c.req.header('x-request-id'));
    await scope.run({ requestId }, async () => {
      const started = performance.now();
      await next();
      c.res.headers.set('x-request-id', requestId);
      log.info('request', {
        method: c.req.method,
        route: matchedRoute(c),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
  };
}
