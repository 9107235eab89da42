import { BULK_MAX_IDS, type BulkFilter, type BulkRequest } from '@/contract/bulk';
import { EXPORT_MAX_IDS } from '@/contract/exports';
import type { Job } from '@/contract/studio-api';
import { jobRights } from '@/web/jobs/hooks/use-job-rights';

/**
 * The gallery's selection, of jobs (favourite, delete and export act on jobs): the ones
 * picked, or everything the filter matches (`all`, so that nothing needs loading to be
 * chosen). `anchor` is the tile a shift-click extends from.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  all: boolean;
  anchor: number | null;
}

export const noSelection: Selection = { ids: new Set(), all: false, anchor: null };

/** A click on the tile at `at` (of `order`, each tile's job id): its job in or out. */
export function toggled(sel: Selection, order: readonly string[], at: number): Selection {
  const id = order[at];
  if (id === undefined) return sel;
  const ids = new Set(sel.all ? order : sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, all: false, anchor: at };
}

/**
 * A shift-click: every tile from the anchor to `at` is chosen (the anchor stays, so a
 * second shift-click picks another range from it). Without an anchor it is a click.
 */
export function extended(sel: Selection, order: readonly string[], at: number): Selection {
  if (sel.anchor === null || sel.all) return toggled(sel, order, at);
  const [from, to] = sel.anchor <= at ? [sel.anchor, at] : [at, sel.anchor];
  const ids = new Set(sel.ids);
  for (const id of order.slice(from, to + 1)) ids.add(id);
  return { ids, all: false, anchor: sel.anchor };
}

export const allMatching = (): Selection => ({ ids: new Set(), all: true, anchor: null });

export const isSelected = (sel: Selection, id: string): boolean => sel.all || sel.ids.has(id);

export const isEmpty = (sel: Selection): boolean => !sel.all && sel.ids.size === 0;

/** The chosen jobs still in view: a job deleted or filtered out since is not acted on. */
export const chosenIds = (sel: Selection, loaded: readonly string[]): string[] =>
  [...new Set(loaded)].filter((id) => isSelected(sel, id));

/**
 * Where the ZIP of the selection downloads from: the ids, or the filter's query when all
 * it matches is chosen (or more jobs are picked than one address may name).
 */
export function exportHref(sel: Selection, filterQuery: string): string | null {
  const base = '/studio-api/exports/results.zip';
  if (sel.all) return filterQuery ? `${base}?${filterQuery}` : base;
  if (sel.ids.size === 0 || sel.ids.size > EXPORT_MAX_IDS) return null;
  return `${base}?${new URLSearchParams({ ids: [...sel.ids].join(',') }).toString()}`;
}

/** The library's filter query (`q=fox&status=completed`) as a bulk request's filter. */
function bulkFilter(filterQuery: string): BulkFilter {
  const p = new URLSearchParams(filterQuery);
  p.delete('limit');
  p.delete('cursor');
  return Object.fromEntries(p);
}

/**
 * Whom a bulk action names: the filter when all it matches is chosen (pinned to `cursor`
 * when a count gave one), else the chosen jobs still in view, in parts of at most
 * `BULK_MAX_IDS`.
 */
export function bulkTargets(
  sel: Selection,
  loaded: readonly string[],
  filterQuery: string,
  cursor: string | null = null,
): Pick<BulkRequest, 'ids' | 'filter'>[] {
  if (sel.all) {
    const filter = bulkFilter(filterQuery);
    return [{ filter: cursor === null ? filter : { ...filter, cursor } }];
  }
  const ids = chosenIds(sel, loaded);
  const parts: Pick<BulkRequest, 'ids'>[] = [];
  for (let i = 0; i < ids.length; i += BULK_MAX_IDS)
    parts.push({ ids: ids.slice(i, i + BULK_MAX_IDS) });
  return parts;
}

/** What the selection bar offers: each only where the studio would do it for every job. */
export interface SelectionRights {
  /** Favourite, unfavourite, delete. */
  change: boolean;
  /** Blend, which makes a job. */
  followUp: boolean;
  /** The ZIP. */
  export: boolean;
}

/**
 * The selection bar's rights for `me`: a viewer changes and blends nothing; a member
 * changes and exports a chosen set only when every job in it is theirs (the studio refuses
 * the whole request otherwise), and acts on "all matching" freely, the studio leaving
 * (or leaving out of the ZIP) the jobs others made.
 */
export function selectionRights(
  me: Parameters<typeof jobRights>[0],
  sel: Selection,
  jobs: readonly Pick<Job, 'id' | 'maker'>[],
): SelectionRights {
  // Whatever the jobs: a viewer may not, anyone else may (a member on their own).
  const { followUp } = jobRights(me, null);
  if (sel.all || me?.role !== 'member') return { change: followUp, followUp, export: true };
  const makers = new Map(jobs.map((j) => [j.id, j.maker]));
  const every = (right: 'change' | 'export') =>
    [...sel.ids].every((id) => !makers.has(id) || jobRights(me, makers.get(id))[right]);
  return { change: every('change'), followUp: true, export: every('export') };
}
