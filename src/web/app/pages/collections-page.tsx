// By path: this page is a chunk of its own.
import { CollectionHeader } from '@/web/features/collections/collection-header';
import { CollectionsList } from '@/web/features/collections/collections-list';
import { JobSearchResults } from '@/web/features/library';
import { routeHref, useRoutePathRest } from '../router';
import { useResultReuse } from '../use-prompt-handoff';
import { Page } from './page';

/** Results per page of a collection's gallery, as the library's default. */
const LIMIT = 50;

/**
 * `#/collections`: every collection with its cover and count; `#/collections/<id>`: one
 * collection, in the library's gallery and viewer, with its own actions.
 */
export function CollectionsPage() {
  const id = useRoutePathRest();
  const reuse = useResultReuse();
  if (id === '') {
    return (
      <Page title="Collections" description="Results sorted into named sets.">
        <CollectionsList />
      </Page>
    );
  }
  return (
    <Page title="Collection">
      <a href={routeHref('collections')} className="text-sm text-indigo-300 hover:underline">
        ← All collections
      </a>
      <CollectionHeader
        id={id}
        onDeleted={() => {
          window.location.hash = routeHref('collections');
        }}
      />
      <JobSearchResults
        filter={{ collection: id }}
        limit={LIMIT}
        searched=""
        emptyText="Nothing in this collection yet. Add results from the library."
        onClearFilters={() => undefined}
        gallery={reuse}
      />
    </Page>
  );
}
