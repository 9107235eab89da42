import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Person, Role } from '@/contract/people';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { RequestError } from '@/web/components/ui/request-error';
import { StackedTable } from '@/web/components/ui/stacked-table';
import { formatDate } from '@/web/lib/format';
import { peopleMutations } from '../api/people-queries';
import { RoleSelect, rolesFor } from './role-select';

const COLUMNS = [
  { header: 'Name' },
  { header: 'Email', className: 'break-all' },
  { header: 'Role' },
  { header: 'Since' },
  { header: 'Actions' },
] as const;

interface PeopleTableProps {
  people: readonly Person[];
  /** The role of the person signed in: an admin changes and removes no owner. */
  me: Role | null;
  myId: string | null;
}

/** Everyone in the studio: change a role in place, remove someone after a confirmation. */
export function PeopleTable({ people, me, myId }: PeopleTableProps) {
  const client = useQueryClient();
  const changeRole = useMutation(peopleMutations.changeRole(client));
  const remove = useMutation(peopleMutations.remove(client));
  const [removing, setRemoving] = useState<Person | null>(null);
  const failed = changeRole.error ?? remove.error;
  const locked = (p: Person) => p.role === 'owner' && me !== 'owner';
  return (
    <div className="space-y-3">
      {failed ? (
        <RequestError
          error={failed}
          onDismiss={() => {
            changeRole.reset();
            remove.reset();
          }}
        />
      ) : null}
      <StackedTable
        labelledBy="people-heading"
        testId="people"
        columns={COLUMNS}
        rows={people}
        rowKey={(p) => p.id}
        rowAttributes={(p) => ({ 'data-person': p.email })}
        cells={(p) => [
          <span key="n" className="font-medium">
            {p.name}
            {p.id === myId ? <span className="ml-1.5 text-xs text-zinc-500">(you)</span> : null}
          </span>,
          p.email,
          <RoleSelect
            key="r"
            id={`role-${p.id}`}
            label={`Role of ${p.name}`}
            value={p.role}
            roles={rolesFor(me)}
            disabled={locked(p) || changeRole.isPending}
            onChange={(role) => changeRole.mutate({ id: p.id, role })}
          />,
          formatDate(p.createdAt),
          <Button
            key="x"
            size="sm"
            variant="ghost"
            aria-label={`Remove ${p.name}`}
            disabled={locked(p)}
            onClick={() => setRemoving(p)}
          >
            Remove
          </Button>,
        ]}
      />
      <RemoveDialog
        person={removing}
        onClose={() => setRemoving(null)}
        onRemove={(p) => remove.mutate(p.id)}
      />
    </div>
  );
}

interface RemoveDialogProps {
  person: Person | null;
  onClose: () => void;
  onRemove: (person: Person) => void;
}

/** Asks before removing someone: Cancel has the focus, Esc cancels. */
function RemoveDialog({ person, onClose, onRemove }: RemoveDialogProps) {
  return (
    <Dialog open={person !== null} onClose={onClose} label="Remove a person">
      {person ? (
        <div className="w-[min(26rem,calc(100vw-2rem))] space-y-4 rounded-xl border border-zinc-700 bg-zinc-900 p-5">
          <h2 className="text-base font-semibold text-zinc-100">Remove {person.name}?</h2>
          <p className="text-sm text-zinc-300">
            {person.email} is signed out everywhere and can no longer sign in. Their jobs stay in
            the library.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                onRemove(person);
                onClose();
              }}
            >
              Remove
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
