/**
 * A search keystroke in the library at 100,000 jobs, in both views: one character typed
 * into the search box (a real key press) until the page shows that search's results, with
 * the frame after them drawn. Words are typed a letter at a time, each from an empty box;
 * every keystroke makes a new search. Part of `bench/gallery.ts`.
 */
import type { Browser } from '@playwright/test';

/** 30 keystrokes: every prefix of these words. */
const WORDS = ['storm', 'forest', 'castle', 'river', 'mountain'];
/** The words typed this many times over: 90 keystrokes, so the p95 is not one sample's. */
const ROUNDS = 3;

// A string: tsx would wrap named functions in a __name() the page lacks.
// Armed before the key is pressed: the key's own keydown starts the clock, and the clock
// stops in the task after the first frame drawn once the summary names the new search (the
// summary and the results are one render, so the results are in that frame). The search's
// request, from its Resource Timing, splits the time in four: key → request sent, request
// sent → answer's last byte, → results in the page, → the frame after.
const ARM = `((q) => {
  const box = document.querySelector('input[aria-label="Search prompts"]');
  const summary = document.querySelector('[data-testid="library-summary"]');
  performance.clearResourceTimings();
  window.__searched = new Promise((resolve) => {
    let t0 = 0;
    box.addEventListener('keydown', () => { t0 = performance.now(); }, { once: true, capture: true });
    const shown = () => summary.textContent.includes('found for \u201c' + q + '\u201d');
    const observer = new MutationObserver(() => {
      if (t0 === 0 || !shown()) return;
      observer.disconnect();
      const drawn = performance.now();
      requestAnimationFrame(() => setTimeout(() => {
        const end = performance.now();
        const asked = performance.getEntriesByType('resource')
          .filter((e) => e.name.includes('/studio-api/jobs?') && e.startTime >= t0).at(-1);
        const sent = asked ? asked.startTime : drawn;
        const answered = asked ? asked.responseEnd : drawn;
        resolve({ total: end - t0, request: sent - t0, answer: answered - sent,
          results: drawn - answered, frame: end - drawn });
      }));
    });
    observer.observe(summary, { childList: true, characterData: true, subtree: true });
  });
})`;

/** A keystroke's time, whole and in its four parts (see ARM), ms. */
interface Keystroke {
  total: number;
  request: number;
  answer: number;
  results: number;
  frame: number;
}
type Part = Exclude<keyof Keystroke, 'total'>;

export interface KeystrokeResult {
  n: number;
  p50: number;
  p95: number;
  max: number;
  /** The p50 and p95 of each part: key → request sent → answer → results → frame. */
  parts: Record<Part, { p50: number; p95: number }>;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** Keystroke → results shown, in the cards or the gallery view (the default page size). */
export async function searchKeystrokes(
  browser: Browser,
  url: string,
  view: 'cards' | 'gallery',
): Promise<KeystrokeResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((v) => localStorage.setItem('studio.library.view', v), view);
  const page = await context.newPage();
  await page.goto(`${url}/#/library`);
  const box = page.getByRole('searchbox', { name: 'Search prompts' });
  const summary = page.getByTestId('library-summary');
  await summary.getByText(/jobs/).waitFor();
  const times: Keystroke[] = [];
  for (const word of Array.from({ length: ROUNDS }, () => WORDS).flat()) {
    await box.fill('');
    await summary.getByText(/^Newest \d+ jobs; /).waitFor();
    for (let i = 1; i <= word.length; i++) {
      await page.evaluate(`${ARM}(${JSON.stringify(word.slice(0, i))})`);
      await page.keyboard.press(word[i - 1] ?? '');
      times.push(await page.evaluate<Keystroke>('window.__searched'));
    }
  }
  await context.close();
  const totals = times.map((t) => t.total);
  const part = (k: Part) => {
    const xs = times.map((t) => t[k]);
    return { p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) };
  };
  return {
    n: times.length,
    p50: quantile(totals, 0.5),
    p95: quantile(totals, 0.95),
    max: Math.max(...totals),
    parts: {
      request: part('request'),
      answer: part('answer'),
      results: part('results'),
      frame: part('frame'),
    },
  };
}
