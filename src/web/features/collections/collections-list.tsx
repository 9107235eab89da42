import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Collection } from '@/contract/collections';
import { thumbOf } from '@/contract/thumbnails';
import { Button } from '@/web/components/ui/button';
import { FormDialog } from '@/web/components/ui/form-dialog';
import { LoadError } from '@/web/components/ui/request-error';
import { collectionChanges, collectionHref, collectionQueries } from './api';
import { NameForm } from './add-to-collection';
import { useMayCollect } from './entry';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Every collection of the studio, by name: its cover (the newest image added), its name,
 * how many jobs it holds results of and whose it is; each a link to its page. Anyone but a viewer may
 * make one here, empty, to fill from the library.
 */
export function CollectionsList() {
  const list = useQuery(collectionQueries.list());
  const mayCollect = useMayCollect();
  const [making, setMaking] = useState(false);
  const client = useQueryClient();
  return (
    <div className="space-y-4">
      {mayCollect ? (
        <Button onClick={() => setMaking(true)} className="w-fit">
          New collection
        </Button>
      ) : null}
      {list.isError ? (
        <LoadError what="load the collections" error={list.error} onRetry={list.refetch} />
      ) : list.isPending ? (
        <p className="text-sm text-zinc-400">Loading the collections…</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-zinc-400">
          No collections yet. In the library, choose “Add to collection” on a result, a job or a
          selection.
        </p>
      ) : (
        <ul
          aria-label="Collections"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        >
          {list.data.map((c) => (
            <CollectionCard key={c.id} collection={c} />
          ))}
        </ul>
      )}
      <FormDialog open={making} onClose={() => setMaking(false)} title="New collection">
        <NameForm
          submitLabel="Make collection"
          initial=""
          onCancel={() => setMaking(false)}
          save={(name) => collectionChanges(client).make(name)}
          onSaved={(c) => {
            setMaking(false);
            window.location.hash = collectionHref(c.id);
          }}
        />
      </FormDialog>
    </div>
  );
}

function CollectionCard({ collection: c }: { collection: Collection }) {
  const cover = c.cover ? thumbOf(`/media/${c.cover.job}/${c.cover.image}`) : null;
  return (
    <li className="min-w-0">
      <a
        href={collectionHref(c.id)}
        className="group block overflow-hidden rounded-lg border border-zinc-800 bg-zinc-900/60 hover:border-zinc-600 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <div className="aspect-square bg-zinc-800">
          {cover ? (
            <img src={cover} alt="" loading="lazy" className="size-full object-cover" />
          ) : null}
        </div>
        <div className="space-y-0.5 p-2">
          <p className="truncate text-sm font-medium text-zinc-100">{c.name}</p>
          <p className="truncate text-xs text-zinc-400">
            {count(c.jobs, 'job', 'jobs')}
            {c.owner ? ` · ${c.owner.name}` : ''}
          </p>
        </div>
      </a>
    </li>
  );
}
