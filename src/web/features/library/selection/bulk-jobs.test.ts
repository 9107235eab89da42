import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import { bulkCount, bulkMutation } from './bulk-jobs';
import { jobQueries } from '@/web/jobs/api/job-queries';

afterEach(() => vi.unstubAllGlobals());

const result = (changed: number, extra: object = {}) => ({
  action: 'delete',
  matched: changed,
  changed,
  skipped: 0,
  cursor: null,
  ...extra,
});

describe('bulk actions', () => {
  it('counts every part of a selection with a dry run, and adds the counts up', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(result(bodies.length === 1 ? 500 : 3, { skipped: 1 }));
    });
    const total = await bulkCount([
      { action: 'delete', ids: ['aaaaaaaaaa'] },
      { action: 'delete', ids: ['bbbbbbbbbb'] },
    ]);
    expect(bodies).toEqual([
      { action: 'delete', ids: ['aaaaaaaaaa'], dryRun: true },
      { action: 'delete', ids: ['bbbbbbbbbb'], dryRun: true },
    ]);
    expect(total).toMatchObject({ matched: 503, changed: 503, skipped: 2 });
  });

  it('stars the loaded jobs at once, and reads the lists again after the answer', async () => {
    const a = makeJob({ id: 'aaaaaaaaaa', favourite: false });
    const b = makeJob({ id: 'bbbbbbbbbb', favourite: false });
    let answer: (r: Response) => void = () => undefined;
    const fetchFn = vi.fn(
      (url: string) =>
        new Promise<Response>((r) => {
          if (url === '/studio-api/jobs/bulk') answer = r;
          else r(jsonResponse(makeList([a, b])));
        }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([a, b]));
    const done = new MutationObserver(qc, bulkMutation(qc)).mutate({
      requests: [{ action: 'favourite', filter: { q: 'fox' } }],
      shown: [a.id],
    });
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalled());
    const favourites = () =>
      qc.getQueryData(jobQueries.list().queryKey)?.jobs.map((j) => j.favourite);
    expect(favourites()).toEqual([true, false]);
    answer(jsonResponse(result(2, { action: 'favourite' })));
    await done;
    expect(qc.getQueryState(jobQueries.list().queryKey)?.isInvalidated).toBe(true);
  });

  it('drops deleted jobs from the lists once the server answers', async () => {
    const a = makeJob({ id: 'aaaaaaaaaa' });
    const b = makeJob({ id: 'bbbbbbbbbb' });
    vi.stubGlobal('fetch', async () => jsonResponse(result(1)));
    const qc = new QueryClient();
    qc.setQueryData(jobQueries.list().queryKey, makeList([a, b]));
    await new MutationObserver(qc, bulkMutation(qc)).mutate({
      requests: [{ action: 'delete', ids: [a.id] }],
      shown: [a.id],
    });
    expect(qc.getQueryData(jobQueries.list().queryKey)?.jobs.map((j) => j.id)).toEqual([b.id]);
  });
});
