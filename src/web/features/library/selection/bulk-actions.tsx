import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkAction, BulkResult } from '@/contract/bulk';
import { Button } from '@/web/components/ui/button';
import { describeError } from '@/web/lib/describe-error';
import { bulkCount, bulkMutation } from './bulk-jobs';
import { usePendingDeleteActions } from '../deletes/pending-deletes';
import type { Selection } from './selection';
import { bulkTargets, chosenIds, isEmpty } from './selection';
import { ConfirmDelete } from '../deletes/delete-result';

interface BulkActionsProps {
  selection: Selection;
  /** Every loaded tile's job id, in order. */
  loaded: readonly string[];
  /** The filter as a query, for "all matching". */
  filterQuery: string;
  /** The action is under way: the selection is cleared. */
  onDone: () => void;
}

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;
let groups = 0;

/**
 * Favourite, unfavourite or delete the selection. Everything the filter matches is acted
 * on by the server, loaded or not; a delete first asks the server how many jobs it will
 * remove, then waits out the undo time as a single delete does.
 */
export function BulkActions({ selection, loaded, filterQuery, onDone }: BulkActionsProps) {
  const client = useQueryClient();
  const bulk = useMutation(bulkMutation(client));
  const { deleteRequested } = usePendingDeleteActions();
  const [count, setCount] = useState<BulkResult | 'counting' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (isEmpty(selection)) return null;
  const shown = chosenIds(selection, loaded);
  const requests = (action: BulkAction, cursor: string | null = null) =>
    bulkTargets(selection, loaded, filterQuery, cursor).map((t) => ({ action, ...t }));
  const failed = (err: unknown) => setError(describeError(err).title);

  const askDelete = () => {
    setError(null);
    setCount('counting');
    bulkCount(requests('delete')).then(
      (result) => setCount(result),
      (err: unknown) => {
        setCount(null);
        failed(err);
      },
    );
  };
  const confirmDelete = (result: BulkResult) => {
    const send = () => bulk.mutateAsync({ requests: requests('delete', result.cursor), shown });
    const label = jobs(result.changed);
    const all = selection.all ? { filterQuery } : {};
    deleteRequested({ id: `bulk-${++groups}`, ids: shown, label, ...all }, send);
    setCount(null);
    onDone();
  };

  let body;
  if (count === 'counting') {
    body = <span className="text-sm text-zinc-400">Counting the jobs…</span>;
  } else if (count) {
    body = (
      <DeleteCount
        result={count}
        onConfirm={() => confirmDelete(count)}
        onCancel={() => setCount(null)}
      />
    );
  } else {
    const favourite = (action: BulkAction) => () => {
      setError(null);
      bulk.mutate({ requests: requests(action), shown }, { onError: failed });
    };
    body = (
      <>
        <Button size="sm" variant="ghost" onClick={favourite('favourite')}>
          Favourite
        </Button>
        <Button size="sm" variant="ghost" onClick={favourite('unfavourite')}>
          Unfavourite
        </Button>
        <Button size="sm" variant="ghost" onClick={askDelete}>
          Delete…
        </Button>
      </>
    );
  }
  const problem = error ?? (bulk.error ? describeError(bulk.error).title : null);
  return (
    <>
      {body}
      {problem ? (
        <span role="alert" className="text-sm text-red-300">
          {problem}
        </span>
      ) : null}
    </>
  );
}

interface DeleteCountProps {
  result: BulkResult;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The server's count in the confirmation, and the running jobs it will leave. */
function DeleteCount({ result, onConfirm, onCancel }: DeleteCountProps) {
  if (result.changed === 0) {
    return (
      <div role="group" aria-label="Confirm delete" className="flex items-center gap-2 text-sm">
        <p className="text-zinc-300">
          Nothing to delete{result.skipped ? `: ${jobs(result.skipped)} still running` : ''}.
        </p>
        <Button size="sm" variant="ghost" autoFocus onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  }
  const running = result.skipped ? ` (${jobs(result.skipped)} still running stay)` : '';
  return (
    <ConfirmDelete
      what={`${jobs(result.changed)}${running}`}
      confirm={`Delete ${jobs(result.changed)}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
