import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { FormDialog } from '@/web/components/ui/form-dialog';
import { ShareButton } from '@/web/features/shares';
import { LoadError, RequestError } from '@/web/components/ui/request-error';
import { useMe } from '@/web/jobs/hooks/use-job-rights';
import { collectionChanges, collectionQueries, collectionZipHref, mayManage } from './api';
import { NameForm } from './add-to-collection';

interface CollectionHeaderProps {
  id: string;
  /** Where to go once it is deleted (the list of collections). */
  onDeleted: () => void;
}

const LINK = 'rounded-md px-2.5 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800';

/**
 * A collection's name, owner and counts, with Download ZIP for everyone, Share (a link
 * for anyone, from members up) and Rename and Delete (after asking) for whom the studio
 * lets change it.
 */
export function CollectionHeader({ id, onDeleted }: CollectionHeaderProps) {
  const client = useQueryClient();
  const me = useMe();
  const detail = useQuery(collectionQueries.detail(id));
  const [renaming, setRenaming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (detail.isError) {
    return <LoadError what="open this collection" error={detail.error} onRetry={detail.refetch} />;
  }
  if (detail.isPending) return <p className="text-sm text-zinc-400">Loading the collection…</p>;
  const c = detail.data;
  const manage = mayManage(me, c);
  const changes = collectionChanges(client);
  const remove = () => {
    setError(null);
    changes.remove(c.id).then(onDeleted, (err: unknown) => {
      setAsking(false);
      setError(err);
    });
  };
  return (
    <section aria-label="Collection" className="space-y-3">
      <div>
        <h2 className="text-base font-semibold text-zinc-100">{c.name}</h2>
        <p className="text-sm text-zinc-400">
          {c.items} {c.items === 1 ? 'result' : 'results'} from {c.jobs}{' '}
          {c.jobs === 1 ? 'job' : 'jobs'}
          {c.owner ? ` · made by ${c.owner.name}` : ''}
        </p>
      </div>
      <div role="toolbar" aria-label="Collection actions" className="flex flex-wrap gap-2">
        {c.items > 0 ? (
          <a href={collectionZipHref(c.id)} download className={LINK}>
            Download ZIP
          </a>
        ) : null}
        {me === undefined || me.role !== 'viewer' ? (
          <ShareButton collectionId={c.id} name={c.name} />
        ) : null}
        {manage && !asking ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => setRenaming(true)}>
              Rename…
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
              Delete…
            </Button>
          </>
        ) : null}
        {asking ? (
          <div role="group" aria-label="Confirm delete" className="flex items-center gap-2 text-sm">
            <p className="max-w-sm text-zinc-300">
              Delete the collection “{c.name}”? Its results stay in the library.
            </p>
            <Button size="sm" variant="primary" autoFocus onClick={remove}>
              Delete collection
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
      {error ? <RequestError error={error} onDismiss={() => setError(null)} /> : null}
      <FormDialog open={renaming} onClose={() => setRenaming(false)} title="Rename collection">
        <NameForm
          submitLabel="Rename"
          initial={c.name}
          onCancel={() => setRenaming(false)}
          save={(name) => changes.rename(c.id, name)}
          onSaved={() => setRenaming(false)}
        />
      </FormDialog>
    </section>
  );
}
