import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { jobMutations } from '../api/job-mutations';
import { usePendingDeleteActions } from '../stores/pending-deletes';
import type { Selection } from '../utils/selection';
import { allMatching, chosenIds, exportHref, isEmpty, noSelection } from '../utils/selection';
import { ConfirmDelete, useSendDelete } from './delete-result';

interface GallerySelectionProps {
  selecting: boolean;
  onSelecting: (on: boolean) => void;
  selection: Selection;
  onSelection: (sel: Selection) => void;
  /** Every loaded tile's job id, in order. */
  loaded: readonly string[];
  /** The filter as a query (`q=fox&operation=diffusion`), for "all matching". */
  filterQuery: string;
}

/** Select many: favourite, delete (with undo) or download as a ZIP what is chosen. */
export function GallerySelection(props: GallerySelectionProps) {
  const { selecting, onSelecting, selection, onSelection } = props;
  const count = chosenIds(selection, props.loaded).length;
  const href = exportHref(selection, props.filterQuery);
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
          <BulkActions {...props} ids={chosenIds(selection, props.loaded)} />
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

function BulkActions({ ids, onSelection }: GallerySelectionProps & { ids: string[] }) {
  const client = useQueryClient();
  const { mutate } = useMutation(jobMutations.favourite(client));
  const { deleteRequested } = usePendingDeleteActions();
  const send = useSendDelete();
  const [asking, setAsking] = useState(false);
  const [first] = ids;
  if (first === undefined) return null;
  if (asking) {
    return (
      <ConfirmDelete
        what={`${ids.length} jobs`}
        confirm="Delete jobs"
        onConfirm={() => {
          deleteRequested({ id: first, ids, label: `${ids.length} jobs` }, send);
          onSelection(noSelection);
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => ids.forEach((id) => mutate({ id, on: true }))}
      >
        Favourite
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        Delete…
      </Button>
    </>
  );
}
