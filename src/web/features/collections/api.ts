import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Collection, CollectionItem } from '@/contract/collections';
import type { Person } from '@/contract/people';
import { jobQueries } from '@/web/jobs/api/job-queries';
import { requestJson } from '@/web/lib/http';

const path = (id?: string, tail = '') =>
  `/studio-api/collections${id === undefined ? '' : `/${encodeURIComponent(id)}`}${tail}`;

/** The one place that knows the collections' query keys and how each is fetched. */
export const collectionQueries = {
  all: () => ['collections'] as const,
  /** Every collection; with `job`, which of that job's results each holds. */
  list: (job?: string) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'list', job ?? null] as const,
      queryFn: async ({ signal }) => {
        const query = job === undefined ? '' : `?job=${encodeURIComponent(job)}`;
        return (await requestJson(`${path()}${query}`, 'collections', { signal })).collections;
      },
      staleTime: 10_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'detail', id] as const,
      queryFn: async ({ signal }) =>
        (await requestJson(path(id), 'collection', { signal })).collection,
    }),
};

/** Whether `me` may change this collection: admins and owners any, members their own. */
export function mayManage(me: Pick<Person, 'id' | 'role'> | undefined, c: Collection): boolean {
  if (me === undefined) return true;
  if (me.role === 'owner' || me.role === 'admin') return true;
  return me.role === 'member' && c.owner?.id === me.id;
}

/** After a change: every list of collections, and the library's lists filtered by one. */
function refresh(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: collectionQueries.all() }),
    client.invalidateQueries({ queryKey: jobQueries.searches() }),
  ]).then(() => undefined);
}

/** The collections' changes, each refreshing what shows them once the studio answered. */
export const collectionChanges = (client: QueryClient) => ({
  make: async (name: string, items?: readonly CollectionItem[]) => {
    const body = items ? { name, items } : { name };
    const { collection } = await requestJson(path(), 'collection', { method: 'POST', body });
    await refresh(client);
    return collection;
  },
  rename: async (id: string, name: string) => {
    const body = { name };
    const { collection } = await requestJson(path(id), 'collection', { method: 'PATCH', body });
    await refresh(client);
    return collection;
  },
  remove: async (id: string) => {
    await requestJson(path(id), 'collectionDeleted', { method: 'DELETE' });
    client.removeQueries({ queryKey: collectionQueries.detail(id).queryKey });
    await refresh(client);
  },
  /** Adds (or, with `add` false, removes) items, all or nothing. */
  items: async (id: string, items: readonly CollectionItem[], add = true) => {
    const tail = add ? '/items' : '/items/remove';
    const answer = await requestJson(path(id, tail), 'collectionItems', {
      method: 'POST',
      body: { items },
    });
    await refresh(client);
    return answer;
  },
});

/** The ZIP of what a collection holds. */
export const collectionZipHref = (id: string): string =>
  `/studio-api/exports/results.zip?collection=${encodeURIComponent(id)}`;

/** A collection's page. */
export const collectionHref = (id: string): string => `#/collections/${encodeURIComponent(id)}`;
