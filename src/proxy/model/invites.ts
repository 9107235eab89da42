import type { Invite, InviteStatus, Role } from '@/contract/people';

/** An invite as stored, with the names of who made it and who took it. */
export interface InviteRecord {
  /** 12 base64url characters (72 random bits), as the API names it. */
  id: string;
  role: Role;
  /** Only someone with this email may take it; null: anyone with the link. */
  email: string | null;
  createdBy: { id: string; name: string } | null;
  createdMs: number;
  expiresMs: number;
  usedMs: number | null;
  usedBy: { id: string; name: string } | null;
  revokedMs: number | null;
}

/** Where an invite stands at `now`: taken, revoked, lapsed, or open to be taken. */
export function inviteStatus(
  rec: Pick<InviteRecord, 'usedMs' | 'revokedMs' | 'expiresMs'>,
  now: number,
): InviteStatus {
  if (rec.usedMs !== null) return 'used';
  if (rec.revokedMs !== null) return 'revoked';
  return now >= rec.expiresMs ? 'expired' : 'open';
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** How the API shows an invite: never its token (the store keeps only its hash). */
export const toInvite = (rec: InviteRecord, now: number): Invite => ({
  id: rec.id,
  role: rec.role,
  email: rec.email,
  status: inviteStatus(rec, now),
  createdBy: rec.createdBy,
  createdAt: new Date(rec.createdMs).toISOString(),
  expiresAt: new Date(rec.expiresMs).toISOString(),
  usedAt: iso(rec.usedMs),
  usedBy: rec.usedBy,
  revokedAt: iso(rec.revokedMs),
});
