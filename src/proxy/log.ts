/**
 * Redaction of the studio's log lines (written by pino, src/server/log.ts). Job UUIDs are
 * capabilities on the upstream (anyone holding one can read the task and its media), and
 * the API key is a secret, so neither may reach a log line, whatever code path produced
 * the text.
 */

const UUID_ANYWHERE = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/gi;

export type Redactor = (text: string) => string;

/** Whether the text holds anything UUID-shaped, as the redactor would see it. */
export const containsUuid = (text: string): boolean => text.search(UUID_ANYWHERE) >= 0;

/** Replaces UUID-shaped strings (with or without dashes) and every given secret. */
export function createRedactor(secrets: readonly string[]): Redactor {
  // The JSON-escaped form too: log lines are redacted after serialisation.
  const live = secrets
    .filter((s) => s.length >= 4)
    .flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]);
  return (text) => {
    let out = text.replace(UUID_ANYWHERE, '[id]');
    for (const s of live) out = out.split(s).join('[secret]');
    return out;
  };
}

export type { Logger } from '@/server/log';
