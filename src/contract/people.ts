import * as z from 'zod/mini';
import { myBudgetSchema } from './budgets';

/**
 * The people of a studio and what each may do, strongest first: the owner (there is always
 * at least one), admins (manage people), members (create, and change or delete their own
 * jobs), viewers (browse and download, nothing else).
 */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });

/** A person's id: 12 base64url characters, like a job's handle, never UUID-shaped. */
const PERSON_ID_RE = /^[A-Za-z0-9_-]{12}$/;
export const personIdSchema = z
  .string()
  .check(z.regex(PERSON_ID_RE, { error: 'must be the id of a person of this studio' }));

/** A person as the studio's API shows them. */
const personSchema = z.object({
  id: personIdSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** Whether they can sign in with a password of their own. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/**
 * `GET /studio-api/me`: who the browser is signed in as, and their credit budget and what
 * they spent of it (null when they have none).
 */
export const meSchema = z.object({ me: personSchema, budget: z._default(myBudgetSchema, null) });

/** `GET /studio-api/people`: everyone not removed, oldest first. */
export const peopleListSchema = z.object({ people: z.array(personSchema) });

/**
 * `GET /studio-api/people/names`: everyone not removed, by id and name only (no email,
 * no role), for anyone signed in: the library's filter by person.
 */
export const personNamesSchema = z.object({
  people: z.array(z.object({ id: personIdSchema, name: z.string() })),
});

/** The shortest password a person may be given. */
export const MIN_PASSWORD = 12;
/** Longer ones are refused before they are hashed. */
const MAX_PASSWORD = 1024;

/** Local part, `@`, a domain with a dot or `localhost`: enough to catch a typo, no more. */
export const EMAIL_RE = /^[^\s@]{1,64}@(?:[^\s@.]+\.)+[^\s@.]{1,63}$|^[^\s@]{1,64}@localhost$/i;

const nameSchema = z
  .string({ error: 'must be text' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'must not be empty' }),
    z.maxLength(100, { error: 'must be at most 100 characters' }),
  );

const emailSchema = z
  .string({ error: 'must be text' })
  .check(
    z.trim(),
    z.maxLength(254, { error: 'must be at most 254 characters' }),
    z.regex(EMAIL_RE, { error: 'must be an email address, such as ana@example.com' }),
  );

const passwordSchema = z
  .string({ error: 'must be text' })
  .check(
    z.minLength(MIN_PASSWORD, { error: `must be at least ${MIN_PASSWORD} characters` }),
    z.maxLength(MAX_PASSWORD, { error: `must be at most ${MAX_PASSWORD} characters` }),
  );

/** `POST /studio-api/people`: a local person, with the password they first sign in with. */
export const newPersonSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  role: roleSchema,
  password: passwordSchema,
});

/** `POST /invite/:token`, the invite page's form: who the person taking it is. */
export const acceptInviteSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

/** `PATCH /studio-api/people/:id`: a new role. */
export const roleChangeSchema = z.strictObject({ role: roleSchema });

/** Whether `role` can spend credits at all, so have a budget (viewers create nothing). */
export const spends = (role: Role): boolean => role !== 'viewer';

/** How strong each role is: a route open to a role is open to every stronger one. */
const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
export const atLeast = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];

/** `POST /studio-api/people` and `PATCH /studio-api/people/:id`: the person as they now are. */
export const personEnvelopeSchema = z.object({ person: personSchema });

/** `DELETE /studio-api/people/:id`: the id of the person removed. */
export const removedPersonSchema = z.object({ removed: personIdSchema });

/** An invite's id: 12 base64url characters, like a person's. */
export const inviteIdSchema = z
  .string()
  .check(z.regex(PERSON_ID_RE, { error: 'must be the id of an invite of this studio' }));

/** How long an invite lasts, in hours: an hour to 30 days, a week unless said. */
export const INVITE_HOURS = { min: 1, max: 30 * 24, default: 7 * 24 } as const;

/** `POST /studio-api/invites`: a one-time link that makes a person of `role`. */
export const newInviteSchema = z.strictObject({
  role: roleSchema,
  /** Only someone with this email may take it (it is then shown locked on the invite page). */
  email: z.optional(emailSchema),
  expiresInHours: z.optional(
    z
      .number({
        error: `must be a number of hours from ${INVITE_HOURS.min} to ${INVITE_HOURS.max}`,
      })
      .check(
        z.int({ error: 'must be a whole number of hours' }),
        z.gte(INVITE_HOURS.min, { error: `must be at least ${INVITE_HOURS.min} hour` }),
        z.lte(INVITE_HOURS.max, {
          error: `must be at most ${INVITE_HOURS.max} hours (30 days)`,
        }),
      ),
  ),
});
export type NewInvite = z.infer<typeof newInviteSchema>;

const INVITE_STATUSES = ['open', 'used', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Someone an invite names: who made it, who took it (null once they were removed). */
const personRefSchema = z.nullable(z.object({ id: z.string(), name: z.string() }));

/** An invite as the studio's API shows it: never its token, which only its link holds. */
const inviteSchema = z.object({
  id: inviteIdSchema,
  role: roleSchema,
  email: z.nullable(z.string()),
  status: z.enum(INVITE_STATUSES),
  createdBy: personRefSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.nullable(z.string()),
  usedBy: personRefSchema,
  revokedAt: z.nullable(z.string()),
});
export type Invite = z.infer<typeof inviteSchema>;

/** `GET /studio-api/invites`: the newest first, open, used, expired and revoked. */
export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });

/** `POST /studio-api/invites`: the invite and its link, answered this once. */
export const inviteMadeSchema = z.object({ invite: inviteSchema, link: z.string() });

/** `DELETE /studio-api/invites/:id`: the invite, revoked. */
export const inviteEnvelopeSchema = z.object({ invite: inviteSchema });
