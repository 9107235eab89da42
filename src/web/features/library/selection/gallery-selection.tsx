import { Button } from '@/web/components/ui/button';
import type { Job } from '@/contract/studio-api';
import { useMe } from '@/web/jobs/hooks/use-job-rights';
import type { Selection } from './selection';
import {
  allMatching,
  chosenIds,
  exportHref,
  isEmpty,
  noSelection,
  selectionRights,
} from './selection';
import { BlendSelection } from './blend-selection';
import { BulkActions } from './bulk-actions';
import { LazyAddToCollection, useMayCollect } from '@/web/features/collections';

interface GallerySelectionProps {
  selecting: boolean;
  onSelecting: (on: boolean) => void;
  selection: Selection;
  onSelection: (sel: Selection) => void;
  /** Every loaded tile's job id, in order. */
  loaded: readonly string[];
  /** The filter as a query (`q=fox&operation=diffusion`), for "all matching". */
  filterQuery: string;
  /** The loaded jobs, whose makers say what the person signed in may do with them. */
  jobs: readonly Pick<Job, 'id' | 'maker'>[];
}

/** Select many: favourite, delete (with undo), blend or download as a ZIP what is chosen. */
export function GallerySelection(props: GallerySelectionProps) {
  const { selecting, onSelecting, selection, onSelection } = props;
  const count = chosenIds(selection, props.loaded).length;
  const rights = selectionRights(useMe(), selection, props.jobs);
  const href = rights.export ? exportHref(selection, props.filterQuery) : null;
  const collect = useMayCollect();
  const chosen = chosenIds(selection, props.loaded);
  return (
    <div role="toolbar" aria-label="Selection" className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        aria-pressed={selecting}
        onClick={() => {
          onSelecting(!selecting);
          onSelection(noSelection);
        }}
      >
        {selecting ? 'Done selecting' : 'Select'}
      </Button>
      {selecting ? (
        <>
          <span className="text-sm text-zinc-400" data-testid="selection-count" role="status">
            {selection.all ? 'Everything matching selected' : `${count} selected`}
          </span>
          <Button size="sm" variant="ghost" onClick={() => onSelection(allMatching())}>
            Select all matching
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={isEmpty(selection)}
            onClick={() => onSelection(noSelection)}
          >
            Clear selection
          </Button>
          {rights.change ? (
            <BulkActions
              selection={selection}
              loaded={props.loaded}
              filterQuery={props.filterQuery}
              onDone={() => onSelection(noSelection)}
            />
          ) : null}
          {rights.followUp ? <BlendSelection ids={chosen} /> : null}
          {collect && !selection.all && chosen.length > 0 ? (
            <LazyAddToCollection.Component
              items={chosen.map((job) => ({ job }))}
              label="Add to collection"
              variant="button"
            />
          ) : null}
          {href ? (
            <a
              href={href}
              download
              className="rounded-md px-2.5 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800"
            >
              Download ZIP
            </a>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
