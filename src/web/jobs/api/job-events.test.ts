import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Job, JobList } from '@/contract/studio-api';
import { makeJob, makeList } from '@/web/lib/testing/fixtures';
import {
  applyJobChanged,
  applyJobRemoved,
  applyQueuePlaces,
  jobChangedInList,
  jobChangedInSearch,
  jobRemovedFromList,
} from './job-events';
import type { SearchData } from './job-queries';
import { jobQueries } from './job-queries';
import { searchQuery } from './search-testing';

/**
 * A query function whose answers wait until openGates(): the n-th call gets answers[n],
 * so a test can read the first answer as one taken before a job finished.
 */
function heldAnswers(answers: JobList[]) {
  const gates: (() => void)[] = [];
  const queryFn = vi.fn(
    () =>
      new Promise<JobList>((resolve) => {
        const answer = answers[queryFn.mock.calls.length - 1] ?? makeList([]);
        gates.push(() => resolve(answer));
      }),
  );
  return { queryFn, openGates: () => gates.forEach((open) => open()) };
}

const a = makeJob({ id: 'aaaaaaaaaa', createdAt: '2025-01-01T12:00:00.000Z' });
const b = makeJob({ id: 'bbbbbbbbbb', createdAt: '2025-01-01T11:00:00.000Z' });

describe('jobChangedInList', () => {
  it('replaces the job where it is', () => {
    const changed = { ...b, status: 'processing' as const, progress: 40 };
    expect(jobChangedInList(makeList([a, b]), changed, true).jobs).toEqual([a, changed]);
  });

  it('puts a new job on top of a first page', () => {
    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    expect(jobChangedInList(makeList([a, b]), c, true).jobs).toEqual([c, a, b]);
    expect(jobChangedInList(makeList([]), c, true).jobs).toEqual([c]);
  });

  it('leaves a later page, and a first page for a job older than its newest, alone', () => {
    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    const old = makeJob({ id: 'oooooooooo', createdAt: '2024-12-01T00:00:00.000Z' });
    const list = makeList([a, b]);
    expect(jobChangedInList(list, c, false)).toBe(list);
    expect(jobChangedInList(list, old, true)).toBe(list);
  });
});

describe('jobRemovedFromList', () => {
  it('drops the job, and keeps the same list when it was not there', () => {
    const list = makeList([a, b]);
    expect(jobRemovedFromList(list, a.id).jobs).toEqual([b]);
    expect(jobRemovedFromList(list, 'zzzzzzzzzz')).toBe(list);
  });
});

describe('applying events to the cache', () => {
  it('updates every cached list and a cached detail', () => {
    const qc = new QueryClient();
    const small = [...jobQueries.lists(), { limit: 10 }];
    const later = [...jobQueries.lists(), { limit: 50, cursor: 'x' }];
    qc.setQueryData(jobQueries.list().queryKey, makeList([a, b]));
    qc.setQueryData<JobList>(small, makeList([a]));
    qc.setQueryData<JobList>(later, makeList([b]));
    qc.setQueryData(jobQueries.detail(a.id).queryKey, a);

    const done = { ...a, progress: 100, status: 'completed' as const, favourite: true };
    applyJobChanged(qc, done);
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([done, b]);
    expect(qc.getQueryData<JobList>(small)?.jobs).toEqual([done]);
    expect(qc.getQueryData<JobList>(later)?.jobs).toEqual([b]);
    expect(qc.getQueryData(jobQueries.detail(a.id).queryKey)).toEqual(done);
    // A detail nobody asked for is not created.
    applyJobChanged(qc, b);
    expect(qc.getQueryData(jobQueries.detail(b.id).queryKey)).toBeUndefined();
  });

  it('removes a job from the lists and its detail', () => {
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([a, b]));
    qc.setQueryData(jobQueries.detail(a.id).queryKey, a);
    applyJobRemoved(qc, a.id);
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([b]);
    expect(qc.getQueryData(jobQueries.detail(a.id).queryKey)).toBeUndefined();
  });

  it('moves queued jobs to their new places, in lists, searches and a detail, and nothing else', () => {
    const qc = new QueryClient();
    const first = { ...a, queued: { place: 2 } };
    const second = { ...b, queued: { place: 3 } };
    // Sent meanwhile: its own event came first, and a stale place must not queue it again.
    const sent = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T10:00:00.000Z' });
    qc.setQueryData(jobQueries.list().queryKey, makeList([first, second, sent]));
    const search = searchQuery({ q: 'lighthouse' }, 50).queryKey;
    qc.setQueryData<SearchData>(search, { pages: [makeList([second])], pageParams: [undefined] });
    qc.setQueryData(jobQueries.detail(a.id).queryKey, first);

    applyQueuePlaces(qc, [
      { id: a.id, place: 1 },
      { id: b.id, place: 2 },
      { id: sent.id, place: 1 },
    ]);
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([
      { ...first, queued: { place: 1 } },
      { ...second, queued: { place: 2 } },
      sent,
    ]);
    expect(qc.getQueryData<SearchData>(search)?.pages[0]?.jobs).toEqual([
      { ...second, queued: { place: 2 } },
    ]);
    expect(qc.getQueryData(jobQueries.detail(a.id).queryKey)).toEqual({
      ...first,
      queued: { place: 1 },
    });
  });
});

describe('filtered lists (the library)', () => {
  const fav = makeJob({
    id: 'ffffffffff',
    favourite: true,
    createdAt: '2025-01-01T12:00:00.000Z',
  });
  const page = (jobs: Job[], nextCursor: string | null = null) => makeList(jobs, nextCursor);
  const pages = (...lists: JobList[]): SearchData => ({
    pages: lists,
    pageParams: lists.map((_, i) => (i === 0 ? undefined : String(i))),
  });

  it('replaces a job it holds, on any page', () => {
    const data = pages(page([a], '5'), page([b]));
    const changed = { ...b, progress: 50, status: 'processing' as const };
    const next = jobChangedInSearch(data, changed, {});
    expect(next).not.toBe('refetch');
    expect(next !== 'refetch' && next.pages.map((p) => p.jobs)).toEqual([[a], [changed]]);
  });

  it('drops a job it holds once it surely no longer matches', () => {
    const data = pages(page([fav, a]));
    const unstarred = { ...fav, favourite: false };
    const next = jobChangedInSearch(data, unstarred, { favourite: true });
    expect(next !== 'refetch' && next.pages[0]?.jobs).toEqual([a]);
  });

  it('never puts a job it does not hold on top: the server decides, by a refetch', () => {
    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    expect(jobChangedInSearch(pages(page([a, b])), c, { q: 'lighthouse' })).toBe('refetch');
    expect(jobChangedInSearch(pages(page([])), c, {})).toBe('refetch');
  });

  it('leaves alone a job that surely does not match, or belongs to a page not loaded', () => {
    const data = pages(page([a, b], '7'));
    const fox = makeJob({ id: 'cccccccccc', prompt: 'a red fox', createdAt: a.createdAt });
    const running = makeJob({ id: 'dddddddddd', status: 'processing' });
    const old = makeJob({ id: 'oooooooooo', createdAt: '2024-12-01T00:00:00.000Z' });
    expect(jobChangedInSearch(data, fox, { q: 'lighthouse' })).toBe(data);
    expect(jobChangedInSearch(data, running, { statuses: ['completed'] })).toBe(data);
    expect(jobChangedInSearch(data, old, {})).toBe(data);
    // Without more pages, an old job may still belong to this one.
    expect(jobChangedInSearch(pages(page([a, b])), old, {})).toBe('refetch');
  });

  it('leaves a window scrolled away from the newest jobs alone for a newer job', () => {
    const newer = makeJob({ id: 'nnnnnnnnnn', createdAt: '2026-01-01T00:00:00.000Z' });
    const below = pages({ ...page([a, b], '7'), prevCursor: '12' });
    expect(jobChangedInSearch(below, newer, {})).toBe(below);
    // At the top, it may be the newest match: the server decides.
    expect(jobChangedInSearch(pages({ ...page([a, b], '7'), prevCursor: null }), newer, {})).toBe(
      'refetch',
    );
  });

  it('applyJobChanged refetches a filtered list that may want a new job, and never patches it in', async () => {
    const qc = new QueryClient();
    const filter = { favourite: true } as const;
    const options = searchQuery(filter, 50);
    const key = options.queryKey;
    const queryFn = vi.fn(async () => makeList([fav]));
    qc.setQueryData<SearchData>(key, pages(page([fav])));
    // An observer keeps the query active, as the library page does.
    const observer = new InfiniteQueryObserver(qc, { ...options, queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    qc.setQueryData(jobQueries.list().queryKey, makeList([fav]));

    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    applyJobChanged(qc, c);
    // The unfiltered feed takes it on top; the favourites list does not, and asks nobody.
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs).toEqual([c, fav]);
    expect(qc.getQueryData<SearchData>(key)?.pages[0]?.jobs).toEqual([fav]);
    expect(queryFn).not.toHaveBeenCalled();

    const starred = { ...c, favourite: true };
    applyJobChanged(qc, starred);
    expect(qc.getQueryData<SearchData>(key)?.pages[0]?.jobs).toEqual([fav]);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    unsubscribe();
  });

  it('asks again when a job finishes while a filtered list is loading', async () => {
    const qc = new QueryClient();
    const running = makeJob({ id: 'rrrrrrrrrr', status: 'processing', progress: 40 });
    const done = { ...running, status: 'completed' as const, progress: 100 };
    const { queryFn, openGates } = heldAnswers([makeList([running]), makeList([done])]);
    const options = searchQuery({ q: 'lighthouse' }, 50);
    const observer = new InfiniteQueryObserver(qc, { ...options, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    applyJobChanged(qc, done);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    openGates();
    await vi.waitFor(() =>
      expect(qc.getQueryData<SearchData>(options.queryKey)?.pages[0]?.jobs).toEqual([done]),
    );
    unsubscribe();
  });

  /** A search of one page and a second one Load more is fetching; `land` lets it arrive. */
  async function loadingMore(firstPage: () => Job[]) {
    const qc = new QueryClient();
    let held = true;
    let letPageTwoIn = () => {};
    const queryFn = vi.fn(({ pageParam }: { pageParam: string | undefined }) => {
      if (pageParam === undefined) return Promise.resolve(makeList(firstPage(), '2'));
      if (!held) return Promise.resolve(makeList([b]));
      return new Promise<JobList>((resolve) => {
        letPageTwoIn = () => resolve(makeList([b]));
      });
    });
    const options = searchQuery({ q: 'lighthouse' }, 1);
    const observer = new InfiniteQueryObserver(qc, { ...options, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().hasNextPage).toBe(true));
    const more = observer.fetchNextPage();
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    const land = async () => {
      held = false;
      letPageTwoIn();
      await more;
    };
    const shown = () => qc.getQueryData<SearchData>(options.queryKey)?.pages.map((p) => p.jobs);
    return { qc, queryFn, land, shown, unsubscribe };
  }

  it('keeps a page Load more is fetching when a job finishes meanwhile', async () => {
    const running = { ...a, status: 'processing' as const, progress: 40 };
    const done = { ...running, status: 'completed' as const, progress: 100 };
    let finished = false;
    const search = await loadingMore(() => [finished ? done : running]);
    finished = true;
    applyJobChanged(search.qc, done);
    // Not cancelled: that would drop the page on its way.
    expect(search.queryFn).toHaveBeenCalledTimes(2);
    await search.land();
    // Both pages, asked again once the second arrived.
    await vi.waitFor(() => expect(search.shown()).toEqual([[done], [b]]));
    search.unsubscribe();
  });

  it('keeps a page Load more is fetching when a new job may match meanwhile', async () => {
    const c = makeJob({ id: 'cccccccccc', createdAt: '2025-01-01T13:00:00.000Z' });
    let made = false;
    const search = await loadingMore(() => (made ? [c] : [a]));
    made = true;
    applyJobChanged(search.qc, c);
    expect(search.queryFn).toHaveBeenCalledTimes(2);
    await search.land();
    await vi.waitFor(() => expect(search.shown()).toEqual([[c], [b]]));
    search.unsubscribe();
  });

  it('asks again when a job finishes while the feed is loading for the first time', async () => {
    const qc = new QueryClient();
    const running = makeJob({ id: 'rrrrrrrrrr', status: 'processing', progress: 40 });
    const done = { ...running, status: 'completed' as const, progress: 100 };
    const { queryFn, openGates } = heldAnswers([makeList([running]), makeList([done])]);
    const options = jobQueries.list();
    const observer = new QueryObserver(qc, { ...options, queryFn, refetchInterval: false });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    // The event finds no list to patch: without asking again the feed would show the
    // job running until something else refreshed it.
    applyJobChanged(qc, done);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    openGates();
    await vi.waitFor(() => expect(qc.getQueryData(options.queryKey)?.jobs).toEqual([done]));
    unsubscribe();
  });

  it('applyJobRemoved takes a job out of every page', () => {
    const qc = new QueryClient();
    const key = searchQuery({ q: 'lig' }, 1).queryKey;
    qc.setQueryData<SearchData>(key, pages(page([a], '9'), page([b])));
    applyJobRemoved(qc, b.id);
    expect(qc.getQueryData<SearchData>(key)?.pages.map((p) => p.jobs)).toEqual([[a], []]);
  });
});
