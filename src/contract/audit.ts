import * as z from 'zod/mini';
import { personIdSchema } from './people';

/**
 * The audit log: who did what in the studio, newest first, kept in its database and
 * never changed. Each entry names its actor (null: someone not signed in, as a failed
 * sign-in), what they did, and what it was done to.
 */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'person_added',
  'role_changed',
  'person_removed',
  'budget_changed',
  'job_deleted',
  'jobs_deleted',
  'favourite',
  'unfavourite',
  'export',
  'setting_changed',
  'invite_made',
  'invite_used',
  'invite_revoked',
  'share_made',
  'share_revoked',
  'queue_moved',
  'queue_cancelled',
  'collection_made',
  'collection_renamed',
  'collection_deleted',
  'collection_items_added',
  'collection_items_removed',
  'preset_saved',
  'preset_renamed',
  'preset_changed',
  'preset_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each action reads as in the app. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  person_added: 'Person added',
  role_changed: 'Role changed',
  person_removed: 'Person removed',
  budget_changed: 'Budget changed',
  job_deleted: 'Job deleted',
  jobs_deleted: 'Jobs deleted',
  favourite: 'Favourited',
  unfavourite: 'Unfavourited',
  export: 'Export',
  setting_changed: 'Setting changed',
  invite_made: 'Invite made',
  invite_used: 'Invite used',
  invite_revoked: 'Invite revoked',
  share_made: 'Share link made',
  share_revoked: 'Share link revoked',
  queue_moved: 'Queued job moved',
  queue_cancelled: 'Queued job cancelled',
  collection_made: 'Collection made',
  collection_renamed: 'Collection renamed',
  collection_deleted: 'Collection deleted',
  collection_items_added: 'Added to a collection',
  collection_items_removed: 'Removed from a collection',
  preset_saved: 'Preset saved',
  preset_renamed: 'Preset renamed',
  preset_changed: 'Preset changed',
  preset_deleted: 'Preset deleted',
};

const actionSchema = z.enum(AUDIT_ACTIONS, {
  error: `must be one of ${AUDIT_ACTIONS.join(', ')}`,
});

const CURSOR_RE = /^\d{1,15}$/;
const timeSchema = z.string().check(
  z.refine((v) => !Number.isNaN(Date.parse(v)), {
    error: 'must be a date or time, such as 2026-11-27 or 2026-11-27T08:00:00Z',
  }),
);

/** `GET /studio-api/audit?person=&action=&from=&to=&cursor=&limit=` and `audit.csv`. */
export const auditQuerySchema = z.object({
  person: z.optional(personIdSchema),
  action: z.optional(actionSchema),
  from: z.optional(timeSchema),
  to: z.optional(timeSchema),
  cursor: z.optional(
    z.string().check(z.regex(CURSOR_RE, { error: 'must be the nextCursor of an earlier page' })),
  ),
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, { error: 'must be a whole number from 1 to 200' })),
      z.transform(Number),
    ),
    50,
  ),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const entrySchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor: z.nullable(z.object({ id: z.string(), name: z.nullable(z.string()) })),
  action: z.string(),
  subject: z.nullable(z.string()),
  detail: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof entrySchema>;

/** One page of the log, newest first; `nextCursor` asks for the older entries. */
export const auditPageSchema = z.object({
  entries: z.array(entrySchema),
  nextCursor: z.nullable(z.string()),
});

/** The CSV export's header, in this order. */
export const AUDIT_CSV_COLUMNS = ['time', 'actor', 'actor_id', 'action', 'subject', 'detail', 'ip'];
