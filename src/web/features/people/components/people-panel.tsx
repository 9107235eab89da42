import { useQuery } from '@tanstack/react-query';
import type { Person } from '@/contract/people';
import { LoadError } from '@/web/components/ui/request-error';
import { peopleQueries } from '../api/people-queries';
import { AddPersonForm } from './add-person-form';
import { InviteForm } from './invite-form';
import { InvitesTable } from './invites-table';
import { PeopleTable } from './people-table';

const card = 'space-y-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5';

const Loading = ({ what }: { what: string }) => (
  <p role="status" className="text-sm text-zinc-500">
    Loading {what}…
  </p>
);

/**
 * The People page's content, for admins and owners: everyone and their roles, adding
 * someone with a password, invite links and their states. `me` is who is signed in.
 */
export function PeoplePanel({ me }: { me: Person | null }) {
  const people = useQuery(peopleQueries.people());
  const invites = useQuery(peopleQueries.invites());
  const role = me?.role ?? null;
  return (
    <>
      <section aria-labelledby="people-heading" className={card}>
        <h2 id="people-heading" className="text-sm font-semibold text-zinc-100">
          People
        </h2>
        {people.error ? (
          <LoadError what="load the people" error={people.error} onRetry={people.refetch} />
        ) : people.data ? (
          <PeopleTable people={people.data} me={role} myId={me?.id ?? null} />
        ) : (
          <Loading what="the people" />
        )}
      </section>
      <section className={card}>
        <InviteForm me={role} />
      </section>
      <section aria-labelledby="invites-heading" className={card}>
        <h2 id="invites-heading" className="text-sm font-semibold text-zinc-100">
          Invites
        </h2>
        {invites.error ? (
          <LoadError what="load the invites" error={invites.error} onRetry={invites.refetch} />
        ) : invites.data ? (
          <InvitesTable invites={invites.data} me={role} />
        ) : (
          <Loading what="the invites" />
        )}
      </section>
      <section className={card}>
        <AddPersonForm me={role} />
      </section>
    </>
  );
}
