import { randomBytes } from 'node:crypto';
import type { Person, Role } from '@/contract/people';

/** A person of the studio as stored. */
export interface PersonRecord {
  /** 12 base64url characters (72 random bits), never UUID-shaped. */
  id: string;
  name: string;
  email: string;
  role: Role;
  /** `scrypt$…` (auth/passwords.ts); null for someone who cannot sign in with one. */
  passwordHash: string | null;
  createdMs: number;
}

/** Who is making a request: what every authorization decision reads. */
export type Caller = Pick<PersonRecord, 'id' | 'name' | 'email' | 'role'>;

export const newPersonId = (): string => randomBytes(9).toString('base64url');

/** How the API shows a person: never the hash. */
export const toPerson = (p: PersonRecord): Person => ({
  id: p.id,
  name: p.name,
  email: p.email,
  role: p.role,
  hasPassword: p.passwordHash !== null,
  createdAt: new Date(p.createdMs).toISOString(),
});

/** Emails are unique whatever their case: `Ana@Example.com` is `ana@example.com`. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/**
 * Whether `caller` may change, delete or favourite a job made by `maker` (null: made
 * before the studio knew people, which counts as the owner's): admins and owners any job,
 * members their own, viewers none.
 */
export function mayChangeJob(caller: Caller, maker: string | null): boolean {
  if (caller.role === 'owner' || caller.role === 'admin') return true;
  return caller.role === 'member' && maker !== null && maker === caller.id;
}

/**
 * Whether `caller` may export every job in a ZIP (its prompts, params and seeds with the
 * files): admins and owners, and viewers, whose role is to look and download. A member
 * exports only what they may change: their own jobs.
 */
export const mayExportAny = (caller: Caller): boolean => caller.role !== 'member';

/** Whether `caller` may export a job made by `maker` (see `mayExportAny`). */
export const mayExportJob = (caller: Caller, maker: string | null): boolean =>
  mayExportAny(caller) || mayChangeJob(caller, maker);

/** What a page the studio signed out is told (its event, then the sign-in page's `?ended=1`). */
export const SESSIONS_ENDED_TEXT =
  'You were signed out: an admin removed you from this studio or changed your role. Sign in again.';
