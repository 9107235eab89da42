import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { INVITE_HOURS, type Invite, type Role } from '@/contract/people';
import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';
import { Field, inputClass } from '@/web/components/ui/field';
import { cn } from '@/web/lib/cn';
import { peopleMutations } from '../api/people-queries';
import { FormRefusal, TextField, refusalOf } from './form-parts';
import { ROLE_LABELS, RoleSelect, rolesFor } from './role-select';

const FIELDS = ['role', 'email', 'expiresInHours'] as const;

/** How long an invite lasts, in hours (the studio takes 1 to 720). */
const LIFETIMES: readonly { hours: number; label: string }[] = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: INVITE_HOURS.default, label: '7 days' },
  { hours: INVITE_HOURS.max, label: '30 days' },
];

/** Makes an invite link, shown this once with a Copy button: the studio keeps only its hash. */
export function InviteForm({ me }: { me: Role | null }) {
  const client = useQueryClient();
  const invite = useMutation(peopleMutations.invite(client));
  const [role, setRole] = useState<Role>('member');
  const [email, setEmail] = useState('');
  const [hours, setHours] = useState<number>(INVITE_HOURS.default);
  const refusal = refusalOf(invite.error, FIELDS);
  const errorOf = (f: (typeof FIELDS)[number]) => (refusal.field === f ? refusal.message : null);
  const made = invite.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    invite.mutate(
      { role, expiresInHours: hours, ...(trimmed === '' ? {} : { email: trimmed }) },
      { onSuccess: () => setEmail('') },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className="space-y-3">
      <h2 id="invite-heading" className="text-sm font-semibold text-zinc-100">
        Invite someone
      </h2>
      <p className="text-sm text-zinc-500">
        A link that makes one person of the role chosen, who picks their own password. It works
        once, until it expires or is revoked.
      </p>
      <FormRefusal error={invite.error} named={refusal.field !== null} onDismiss={invite.reset} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="invite-role" label="Role" error={errorOf('role')}>
          {(c) => <RoleSelect {...c} value={role} roles={rolesFor(me)} onChange={setRole} />}
        </Field>
        <TextField
          id="invite-email"
          label="Email (optional)"
          type="email"
          hint="Only this email may take it."
          value={email}
          onChange={setEmail}
          error={errorOf('email')}
        />
        <Field id="invite-expiry" label="Expires after" error={errorOf('expiresInHours')}>
          {(c) => (
            <select
              {...c}
              className={cn(inputClass, 'py-1.5')}
              value={hours}
              onChange={(e) => setHours(Number(e.target.value))}
            >
              {LIFETIMES.map((l) => (
                <option key={l.hours} value={l.hours}>
                  {l.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Button type="submit" variant="primary" disabled={invite.isPending}>
        Make invite link
      </Button>
      {made ? <InviteLink made={made} onDone={invite.reset} /> : null}
    </form>
  );
}

/** The link just made, this once: select it or copy it, then Done. */
function InviteLink({
  made,
  onDone,
}: {
  made: { invite: Invite; link: string };
  onDone: () => void;
}) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm"
    >
      <p className="text-emerald-200">
        Invite for {made.invite.email ?? 'anyone with the link'} as{' '}
        {ROLE_LABELS[made.invite.role].toLowerCase()}. Copy the link now: it is shown only this
        once.
      </p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          aria-label="Invite link"
          value={made.link}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(inputClass, 'font-mono text-xs')}
        />
        <CopyButton text={made.link} label="Copy invite link" />
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
