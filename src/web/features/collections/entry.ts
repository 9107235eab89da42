import { useMe } from '@/web/jobs/hooks/use-job-rights';
import { lazyComponent } from '@/web/lib/lazy-component';
import type { AddToCollectionProps } from './add-to-collection';
import type { CollectionSelectProps } from './collection-select';

/**
 * The "Add to collection" menu, a chunk of its own: cards on the first page show it, and
 * its code (the menu, the name dialog, the collections' queries) waits for the browser's
 * first idle moment. Nothing shows in its place until then.
 */
export const LazyAddToCollection = lazyComponent<AddToCollectionProps>(
  () => import('./add-to-collection').then((m) => m.AddToCollection),
  { fallback: null, afterFirstScreen: true },
);

/**
 * Whether the person signed in may make collections and add to them: anyone but a viewer
 * (a member in their own collections). Hidden, not disabled, where the studio would refuse.
 */
export function useMayCollect(): boolean {
  const me = useMe();
  return me === undefined || me.role !== 'viewer';
}

/**
 * The library's filter by collection, a chunk of its own for the same reason: the list of
 * collections it asks for comes with it.
 */
export const LazyCollectionSelect = lazyComponent<CollectionSelectProps>(
  () => import('./collection-select').then((m) => m.CollectionSelect),
  { fallback: null },
);
