import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invite, InviteStatus, Role } from '@/contract/people';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { RequestError } from '@/web/components/ui/request-error';
import { StackedTable } from '@/web/components/ui/stacked-table';
import { formatDateTime } from '@/web/lib/format';
import { peopleMutations } from '../api/people-queries';
import { ROLE_LABELS } from './role-select';

const COLUMNS = [
  { header: 'For', className: 'break-all' },
  { header: 'Role' },
  { header: 'Status' },
  { header: 'When', wide: true },
  { header: 'Made by' },
  { header: 'Actions' },
] as const;

const TONES: Record<InviteStatus, BadgeTone> = {
  open: 'accent',
  used: 'success',
  expired: 'neutral',
  revoked: 'warning',
};

/** The moment that matters for each state: when it lapses, was taken, lapsed or was revoked. */
function when(i: Invite): string {
  if (i.status === 'used' && i.usedAt)
    return `Taken ${formatDateTime(i.usedAt)}${i.usedBy ? ` by ${i.usedBy.name}` : ''}`;
  if (i.status === 'revoked' && i.revokedAt) return `Revoked ${formatDateTime(i.revokedAt)}`;
  if (i.status === 'expired') return `Expired ${formatDateTime(i.expiresAt)}`;
  return `Expires ${formatDateTime(i.expiresAt)}`;
}

/** Every invite, newest first, with its state; an open one can be revoked. */
export function InvitesTable({ invites, me }: { invites: readonly Invite[]; me: Role | null }) {
  const client = useQueryClient();
  const revoke = useMutation(peopleMutations.revoke(client));
  if (invites.length === 0) return <p className="text-sm text-zinc-500">No invites yet.</p>;
  return (
    <div className="space-y-3">
      {revoke.error ? <RequestError error={revoke.error} onDismiss={revoke.reset} /> : null}
      <StackedTable
        labelledBy="invites-heading"
        testId="invites"
        columns={COLUMNS}
        rows={invites}
        rowKey={(i) => i.id}
        rowAttributes={(i) => ({ 'data-status': i.status })}
        cells={(i) => [
          i.email ?? 'Anyone with the link',
          ROLE_LABELS[i.role],
          <Badge key="s" tone={TONES[i.status]}>
            {i.status}
          </Badge>,
          when(i),
          i.createdBy?.name ?? '—',
          i.status === 'open' ? (
            <Button
              key="x"
              size="sm"
              variant="ghost"
              aria-label={`Revoke the invite for ${i.email ?? 'anyone with the link'}`}
              disabled={(i.role === 'owner' && me !== 'owner') || revoke.isPending}
              onClick={() => revoke.mutate(i.id)}
            >
              Revoke
            </Button>
          ) : (
            '—'
          ),
        ]}
      />
    </div>
  );
}
