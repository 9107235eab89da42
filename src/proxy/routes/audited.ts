import type { Context } from 'hono';
import { callerOf } from '../auth/access';
import { clientOf } from '../auth/client';
import type { AuditAppend, StoredAudit } from '../store/audit';

/** Where a route records what someone did. */
export type AuditLog = Pick<StoredAudit, 'append'>;

/**
 * Appends what the signed-in caller of `c` did to the audit log, with the address the
 * request came from: the one call a route makes.
 */
export async function audited(
  c: Context,
  audit: AuditLog,
  entry: Omit<AuditAppend, 'actor' | 'ip'>,
): Promise<void> {
  await audit.append({ ...entry, actor: callerOf(c).id, ip: clientOf(c) });
}
