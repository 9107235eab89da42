import * as z from 'zod/mini';
import { accountEnvelopeSchema } from './account-summary';
import { handleSchema, jobSchema, studioStatusSchema } from './studio-api';

/**
 * The studio's Server-Sent Events (`GET /studio-api/events`, `text/event-stream`). Each
 * message has an `event:` name and one line of JSON `data:`; the browser applies `job`,
 * `job-removed` and `queue` to its cache, and refetches everything after `reset`.
 *
 * Messages that belong to the history carry an `id:`. A reconnecting EventSource sends it
 * back as `Last-Event-ID` and the proxy replays what was missed from a bounded buffer; when
 * it cannot (the buffer moved on, or the proxy restarted) it sends `reset` instead.
 */

/** A job was created or changed (status, progress, output, favourite, sizes). */
const jobEventSchema = z.object({ job: jobSchema });
type JobEvent = z.infer<typeof jobEventSchema>;

/** A job was deleted from the studio's history. */
const jobRemovedEventSchema = z.object({ id: handleSchema });
type JobRemovedEvent = z.infer<typeof jobRemovedEventSchema>;

/**
 * Creates waiting in the studio's queue moved (one was sent, moved or cancelled before
 * them): each one's new place, 1 next. Only the place changed; anything else about a job
 * comes as a `job` event.
 */
const queueEventSchema = z.object({
  places: z.array(z.object({ id: handleSchema, place: z.number().check(z.int(), z.positive()) })),
});
type QueueEvent = z.infer<typeof queueEventSchema>;

/** Events were missed and cannot be replayed: refetch the lists and jobs on screen. */
const resetEventSchema = z.object({ reason: z.string() });
type ResetEvent = z.infer<typeof resetEventSchema>;

/**
 * Only to the streams of a person whose sessions ended (removed, or their role changed),
 * on every replica, just before their stream ends: the page goes to the sign-in page.
 */
const signedOutEventSchema = z.object({ reason: z.string() });

/**
 * Sent first on every connection (and again if it changes): how job status reaches the
 * studio and whether uploads can be used. Same shape as `GET /studio-api/status`.
 */
const statusEventSchema = studioStatusSchema;

/**
 * The account as the service reports it, made again after jobs were created, changed or
 * ended (at most one read a second, however many jobs change; never on a timer). Same
 * shape as `GET /studio-api/account`.
 */
export const accountEventSchema = accountEnvelopeSchema;
type AccountEvent = z.infer<typeof accountEventSchema>;

export const STUDIO_EVENTS = {
  job: jobEventSchema,
  'job-removed': jobRemovedEventSchema,
  queue: queueEventSchema,
  reset: resetEventSchema,
  status: statusEventSchema,
  account: accountEventSchema,
  'signed-out': signedOutEventSchema,
} as const;
type StudioEventName = keyof typeof STUDIO_EVENTS;

export type StudioEvent =
  | { event: 'job'; data: JobEvent }
  | { event: 'job-removed'; data: JobRemovedEvent }
  | { event: 'queue'; data: QueueEvent }
  | { event: 'reset'; data: ResetEvent }
  | { event: 'status'; data: z.infer<typeof statusEventSchema> }
  | { event: 'account'; data: AccountEvent }
  | { event: 'signed-out'; data: z.infer<typeof signedOutEventSchema> };

const isEventName = (name: string): name is StudioEventName => Object.hasOwn(STUDIO_EVENTS, name);

/**
 * Parses one received message (`MessageEvent.type` and `.data`); null for an unknown
 * event name or data that does not match, so a newer proxy never crashes an older page.
 */
export function parseStudioEvent(name: string, data: string): StudioEvent | null {
  if (!isEventName(name)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = STUDIO_EVENTS[name].safeParse(json);
  return parsed.success ? ({ event: name, data: parsed.data } as StudioEvent) : null;
}
