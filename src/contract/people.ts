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

/** The shortest password a person may be given. */
const MIN_PASSWORD = 12;
/** Longer ones are refused before they are hashed. */
const MAX_PASSWORD = 1024;

/** Local part, `@`, a domain with a dot or `localhost`: enough to catch a typo, no more. */
export const EMAIL_RE = /^[^\s@]{1,64}@(?:[^\s@.]+\.)+[^\s@.]{1,63}$|^[^\s@]{1,64}@localhost$/i;

/** `POST /studio-api/people`: a local person, with the password they first sign in with. */
export const newPersonSchema = z.strictObject({
  name: z
    .string({ error: 'must be text' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(100, { error: 'must be at most 100 characters' }),
    ),
  email: z
    .string({ error: 'must be text' })
    .check(
      z.trim(),
      z.maxLength(254, { error: 'must be at most 254 characters' }),
      z.regex(EMAIL_RE, { error: 'must be an email address, such as ana@example.com' }),
    ),
  role: roleSchema,
  password: z
    .string({ error: 'must be text' })
    .check(
      z.minLength(MIN_PASSWORD, { error: `must be at least ${MIN_PASSWORD} characters` }),
      z.maxLength(MAX_PASSWORD, { error: `must be at most ${MAX_PASSWORD} characters` }),
    ),
});

/** `PATCH /studio-api/people/:id`: a new role. */
export const roleChangeSchema = z.strictObject({ role: roleSchema });

/** Whether `role` can spend credits at all, so have a budget (viewers create nothing). */
export const spends = (role: Role): boolean => role !== 'viewer';

/** How strong each role is: a route open to a role is open to every stronger one. */
const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
export const atLeast = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];
