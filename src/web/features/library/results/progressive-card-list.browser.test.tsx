import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { Job } from '@/contract/studio-api';
import { makeJob } from '@/web/lib/testing/fixtures';
import '@/web/styles.css';
import { lightboxStore } from '@/web/features/feed';
import type { GridWindow } from '../gallery/gallery-window';
import { ProgressiveCardList } from './progressive-card-list';

/** Job `i` of a history, newest first as the library lists them: a 16:9 grid each. */
function job(i: number, over: Partial<Job> = {}): Job {
  const id = `job${String(i).padStart(9, '0')}`;
  const base = makeJob();
  return makeJob({
    id,
    prompt: `harbour number ${i}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    output: base.output && {
      ...base.output,
      images: base.output.images.map((img, n) => ({ ...img, url: `/media/${id}/${n}` })),
    },
    ...over,
  });
}

/** Jobs `from` down to `to`, newest first. */
const history = (from: number, to: number): Job[] =>
  Array.from({ length: from - to + 1 }, (_, k) => job(from - k));

const windowOf = (before: number, count: number): GridWindow => ({
  before,
  firstPage: count,
  lastPage: count,
  full: false,
  hasPrevious: before > 0,
  loadPrevious: () => {},
});

const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

const list = (jobs: Job[], before = 0) => (
  <QueryClientProvider client={client}>
    <div className="h-48">Filters</div>
    <ProgressiveCardList
      jobs={jobs}
      label="Library results"
      busy={false}
      onUsePrompt={undefined}
      hasMore={false}
      loadMore={() => {}}
      gridWindow={windowOf(before, jobs.length)}
    />
  </QueryClientProvider>
);

const articles = () => [...document.querySelectorAll<HTMLElement>('[role="feed"] article')];
const card = (i: number) => document.getElementById(`job-job${String(i).padStart(9, '0')}`);
const focusedCard = () => document.activeElement?.closest('article')?.getAttribute('aria-label');
const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const step = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
    step(n);
  });

/** The first card wholly below the top of the screen, and where it is on screen. */
function cardOnScreen(): { id: string; top: number } {
  const el = articles().find((a) => a.getBoundingClientRect().top >= 0);
  if (!el) throw new Error('no card on screen');
  return { id: el.id, top: el.getBoundingClientRect().top };
}

describe('the library’s windowed cards', () => {
  afterEach(() => {
    window.scrollTo(0, 0);
    lightboxStore.setState({ open: null });
  });

  it('draws only the cards near the screen, each saying its place among all', async () => {
    await render(list(history(199, 0)));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    expect(articles().length).toBeLessThan(10);
    const first = articles()[0];
    expect(first?.getAttribute('aria-posinset')).toBe('1');
    expect(first?.getAttribute('aria-setsize')).toBe('200');
    expect(first).toHaveAccessibleName('Job diffusion: harbour number 199');

    // Far down, the cards there are drawn, and the first ones are not.
    window.scrollTo(0, document.documentElement.scrollHeight / 2);
    await expect.poll(() => card(199)).toBeNull();
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    const places = articles().map((a) => Number(a.getAttribute('aria-posinset')));
    expect(places[0]).toBeGreaterThan(50);
    expect(places).toEqual(places.map((_, k) => (places[0] ?? 0) + k));
  });

  it('outlines the cards a fling brings in, and draws them whole once it ends', async () => {
    await render(list(history(199, 0)));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    const outlines = () => articles().filter((a) => !a.querySelector('button'));
    // Watched as they come: on a busy machine the fling may end (and the cards be drawn
    // whole) before the loop below does.
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      for (const a of outlines()) seen.push(a.getAttribute('aria-label') ?? '');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    for (let i = 1; i <= 10; i++) {
      window.scrollTo(0, i * 900);
      await frames(1);
    }
    watch.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    // Each in its place, named as the card is.
    for (const name of seen) expect(name).toMatch(/^Job diffusion: harbour number \d+$/);
    await expect.poll(() => outlines().length).toBe(0);
  });

  it('lets Tab go on from the last card drawn to the next, drawing it', async () => {
    await render(list(history(39, 0)));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    const drawnFirst = articles().length;
    articles()[0]?.querySelector('button')?.focus();
    const visited: string[] = [];
    for (let i = 0; i < 300 && visited.length < drawnFirst + 4; i++) {
      await userEvent.tab();
      const name = focusedCard();
      if (name && visited.at(-1) !== name) visited.push(name);
    }
    expect(visited).toEqual(
      Array.from({ length: drawnFirst + 4 }, (_, k) => `Job diffusion: harbour number ${39 - k}`),
    );
    // Shift+Tab goes back the same way.
    for (let i = 0; i < 300 && focusedCard() !== visited.at(-2); i++)
      await userEvent.tab({ shift: true });
    expect(focusedCard()).toBe(visited.at(-2));
  });

  it('keeps the focused card and the next drawn while the page scrolls away, so Tab goes on', async () => {
    await render(list(history(99, 0)));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    const buttons = card(97)?.querySelectorAll('button');
    buttons?.[buttons.length - 1]?.focus();
    expect(focusedCard()).toBe('Job diffusion: harbour number 97');
    window.scrollTo(0, 40_000);
    await expect.poll(() => card(99)).toBeNull();
    expect(card(97)).not.toBeNull();
    // Tab goes on to the card after the focused one, not to those on screen.
    await userEvent.tab();
    expect(focusedCard()).toBe('Job diffusion: harbour number 96');
    await userEvent.tab({ shift: true });
    expect(focusedCard()).toBe('Job diffusion: harbour number 97');
  });

  it('brings a parent far down the list on screen from its follow-up’s link, and focuses it', async () => {
    const jobs = history(59, 0);
    const parent = jobs[45] as Job;
    jobs[0] = job(59, { operation: 'upscale', parentId: parent.id, parentIndex: 0 });
    const screen = await render(list(jobs));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    expect(document.getElementById(`job-${parent.id}`)).toBeNull();

    await screen.getByRole('button', { name: 'from diffusion · U1' }).click();
    const parentCard = screen.getByRole('article', { name: 'Job diffusion: harbour number 14' });
    await expect.element(parentCard).toHaveFocus();
    await expect.element(parentCard).toBeInViewport();
  });

  it('keeps the cards on screen where they are when a job comes in on top', async () => {
    const jobs = history(79, 0);
    const screen = await render(list(jobs));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    window.scrollTo(0, 6000);
    await frames(4);
    const seen = cardOnScreen();
    await screen.rerender(list([job(80), ...jobs]));
    await frames(4);
    const now = document.getElementById(seen.id)?.getBoundingClientRect().top;
    expect(now).toBeCloseTo(seen.top, 0);
    // The new job is above, where scrolling up finds it in its place.
    window.scrollTo(0, 0);
    await expect
      .poll(() => articles()[0]?.getAttribute('aria-label'))
      .toBe('Job diffusion: harbour number 80');
    expect(articles()[1]).toHaveAccessibleName('Job diffusion: harbour number 79');
  });

  it('shows a job that comes in while the top of the list is on screen', async () => {
    const jobs = history(19, 0);
    const screen = await render(list(jobs));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    const firstTop = articles()[0]?.getBoundingClientRect().top;
    await screen.rerender(list([job(20), ...jobs]));
    await expect
      .poll(() => articles()[0]?.getAttribute('aria-label'))
      .toBe('Job diffusion: harbour number 20');
    expect(articles()[0]?.getBoundingClientRect().top).toBe(firstTop);
  });

  it('keeps the cards on screen in place when pages above are let go and come back', async () => {
    const jobs = history(99, 0);
    const screen = await render(list(jobs));
    await expect.poll(() => articles().length).toBeGreaterThan(0);
    window.scrollTo(0, 30_000);
    await frames(4);
    const seen = cardOnScreen();
    // The first 20 jobs let go: their places stay, empty.
    await screen.rerender(list(jobs.slice(20), 20));
    await frames(4);
    expect(document.getElementById(seen.id)?.getBoundingClientRect().top).toBeCloseTo(seen.top, 0);
    // And fetched again.
    await screen.rerender(list(jobs));
    await frames(4);
    expect(document.getElementById(seen.id)?.getBoundingClientRect().top).toBeCloseTo(seen.top, 0);
  });

  it('opens the viewer from a card, steps through its images, and gives focus back', async () => {
    const screen = await render(list(history(29, 0)));
    const tile = screen
      .getByRole('article', { name: 'Job diffusion: harbour number 29' })
      .getByRole('button', { name: 'Image 1 of harbour number 29' });
    await tile.click();
    const viewer = screen.getByRole('dialog', { name: 'Image viewer' });
    await expect.element(viewer.getByText('1 / 4')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(viewer.getByText('2 / 4')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect.element(viewer.getByText('4 / 4')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(viewer).not.toBeInTheDocument();
    await expect.element(tile).toHaveFocus();
  });
});
