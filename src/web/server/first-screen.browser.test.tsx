import { commands, page } from 'vitest/browser';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { adoptDrawnScreen } from '@/web/app/first-screen';
import { startClient } from '@/web/app/providers';
import { renderOverDrawnScreen } from '@/web/app/studio-root';
import { jsonResponse, makeJob, makeList } from '@/web/lib/testing/fixtures';
import { startTheme } from '@/web/lib/theme';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** The page as the studio server draws it, in Node (vitest.config.ts). */
    drawFirstScreen(template: string, body: string): Promise<string>;
  }
}

// A returning person's own settings, in storage before the app's modules load (as on a
// reload): the server knows none of them.
const STORED = vi.hoisted(() => {
  const stored = { 'studio.theme': 'light', 'studio.low-balance-threshold': '500' };
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  return stored;
});

const TEMPLATE =
  '<!doctype html><html><head><title>Studio</title></head><body><div id="root"><p>frame</p></div></body></html>';

// The first made 20 s before the page is drawn: "20 s ago" on the server, a later count by
// the browser's clock when the app arrives a few seconds after.
const madeAt = (i: number) => new Date(Date.now() - 20_000 - i * 60_000).toISOString();
const makeJobs = () =>
  Array.from({ length: 7 }, (_, i) =>
    makeJob({
      id: `card${String(i).padStart(8, '0')}`,
      prompt: `a lighthouse, take ${i} --ar 16:9`,
      status: i === 0 ? 'processing' : 'completed',
      createdAt: madeAt(i),
    }),
  );
const jobs = makeJobs();

/** The page the studio server sends, its root and its feed's answer put into this document. */
async function receivePage(): Promise<HTMLElement> {
  // Once to load the server's modules (seconds on a busy machine), then with jobs made now.
  await commands.drawFirstScreen(TEMPLATE, JSON.stringify(makeList([])));
  const html = await commands.drawFirstScreen(TEMPLATE, JSON.stringify(makeList(makeJobs())));
  const sent = new DOMParser().parseFromString(html, 'text/html');
  const root = sent.getElementById('root');
  const answer = sent.getElementById('first-feed');
  if (!root || !answer) throw new Error('the drawn page has no root or no answer');
  document.body.append(document.importNode(root, true), document.importNode(answer, true));
  return document.getElementById('root') as HTMLElement;
}

afterAll(() => {
  for (const key of Object.keys(STORED)) localStorage.removeItem(key);
});

afterEach(() => {
  document.getElementById('root')?.remove();
  document.getElementById('first-feed')?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A card's text as a person reads it, the relative time's count left out. */
const seen = (card: Element) => (card as HTMLElement).innerText.replace(/\d+ s ago/g, '… ago');

/**
 * Where a card starts, and its width. (Its height is the e2e spec's: here no image file is
 * served, and a broken image is drawn as its alt text.)
 */
const placed = (card: Element | undefined) => {
  const box = card?.getBoundingClientRect();
  return box && [box.x, box.y, box.width].map(Math.round);
};

describe('the first screen drawn on the server', () => {
  it('is replaced by the app at once with the same cards, live, and no feed request', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      return jsonResponse({ error: { code: 'not_found', message: 'none', status: 404 } }, 404);
    });
    const streams: string[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        readyState = 0;
        constructor(url: string) {
          streams.push(url);
        }
        addEventListener() {}
        close() {}
      },
    );
    const errors = vi.spyOn(console, 'error');
    const root = await receivePage();
    const cards = () => [...root.querySelectorAll('article[id^="job-"]')];
    const drawn = cards();
    expect(drawn).toHaveLength(4);
    const drawnSeen = drawn.map(seen);
    const drawnPlace = placed(drawn[0]);
    expect(drawn[0]?.textContent).toContain('a lighthouse, take 0');
    const time = () => root.querySelector(`#job-${jobs[0]?.id} time`)?.textContent;
    const drawnTime = time();
    expect(drawnTime).toMatch(/^\d+ s ago$/);
    // The app arrives a little later, when the browser's clock says otherwise.
    await new Promise((later) => setTimeout(later, 2_500));

    startTheme();
    const drawnFeed = adoptDrawnScreen(root, '');
    expect(drawnFeed?.jobs.map((j) => j.id)).toEqual(jobs.map((j) => j.id));
    const { client } = startClient(drawnFeed);
    expect(root.inert).toBe(true);
    const app = renderOverDrawnScreen(root, client);
    // Done when it returns: the app's own cards, drawn as the server drew them (but for the
    // time, by the browser's clock now), and live, nothing holding it inert.
    const rendered = cards();
    expect(rendered).toHaveLength(4);
    expect(rendered[0]).not.toBe(drawn[0]);
    expect(rendered.map(seen)).toEqual(drawnSeen);
    expect(placed(rendered[0])).toEqual(drawnPlace);
    expect(time()).not.toBe(drawnTime);
    expect(root.inert).toBe(false);
    expect(root.hasAttribute('data-drawn')).toBe(false);
    // The list then draws its other cards in a transition.
    await expect.poll(() => cards().length).toBe(7);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
    expect(asked.filter((u) => u.startsWith('/studio-api/jobs?'))).toEqual([]);
    // The event stream starts where the server read the feed: no change since is missed.
    await expect.poll(() => streams).toEqual(['/studio-api/events?lastEventId=41']);
    // The person's own settings show.
    await expect.element(page.getByRole('button', { name: /^Theme: light/ })).toBeVisible();
    app.unmount();
  });
});
