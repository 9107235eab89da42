// By path: this page is a chunk of its own.
import { PeoplePanel } from '@/web/features/people/components/people-panel';
import { useMe } from '@/web/jobs/hooks/use-job-rights';
import { Page } from './page';

export function PeoplePage() {
  const me = useMe();
  return (
    <Page
      title="People"
      description="Who is in the studio and what each may do: roles, invite links, and people added with a password."
    >
      {me && me.role !== 'admin' && me.role !== 'owner' ? (
        <p role="note" className="text-sm text-zinc-400">
          Only an admin or an owner manages people; you are a {me.role}.
        </p>
      ) : (
        <PeoplePanel me={me ?? null} />
      )}
    </Page>
  );
}
