import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeFromHash } from '@/web/app/router';
import { makeJob, makeList } from '@/web/lib/testing/fixtures';
import { ROUTE_GATE_SCRIPT, firstScreen } from './first-screen';

const template = readFileSync('index.html', 'utf8');
const HOSTILE = 'a cat </script><script>alert(1)</script><!-- <b>bold</b>';
const jobs = [
  makeJob({ id: 'hostile0001', prompt: HOSTILE }),
  ...Array.from({ length: 5 }, (_, i) => makeJob({ id: `quiet${String(i).padStart(7, '0')}` })),
];
const body = JSON.stringify(makeList(jobs));

/** The text of the page's element that opens with `open`, up to its `</script>`. */
function scriptText(html: string, open: string): string {
  const at = html.indexOf(open);
  if (at === -1) throw new Error(`no ${open}`);
  const start = at + open.length;
  return html.slice(start, html.indexOf('</script>', start));
}

/** The page as the studio server sends it: the head, then the rest with the cards drawn. */
function drawnPage(html: string, answer: { body: string; eventPosition: string | null }) {
  const { head, rest } = firstScreen.cut(html);
  return head + firstScreen.draw(rest, answer);
}

describe('the first screen, drawn on the server', () => {
  const page = drawnPage(template, { body, eventPosition: '7' });

  it("draws the newest cards into index.html's root, as the app's first render does", () => {
    expect(page).toContain('<div id="root" data-drawn inert>');
    expect(page).toContain('<h1 class="text-lg font-semibold text-zinc-100">Create</h1>');
    // A screenful: the list draws the rest once the app renders.
    expect(page.match(/<article id="job-/g)).toHaveLength(4);
    expect(page).not.toContain('The studio’s frame as the app draws it');
    // Their thumbnails are asked for by the app's render, not by the drawn page.
    expect(page).toContain('data-src="/media/');
    expect(page).not.toMatch(/<img[^>]* src="\/media\//);
  });

  it('carries the answer it drew from, which no prompt can break out of', () => {
    expect(page.match(/<script/g)).toHaveLength((template.match(/<script/g)?.length ?? 0) + 2);
    expect(page).not.toContain('<script>alert(1)');
    const open = /<script type="application\/json" id="first-feed" data-event-position="7">/.exec(
      page,
    )?.[0];
    const data = scriptText(page, open ?? 'no data element');
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual(JSON.parse(body));
    // In the card, the prompt is text.
    expect(page).toContain('a cat &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses an answer that breaks the contract, and a template without a root', () => {
    const broken = JSON.stringify({ jobs: [{ id: 'x' }], nextCursor: null });
    expect(() => drawnPage(template, { body: broken, eventPosition: null })).toThrow(
      /breaks the contract/,
    );
    expect(() => firstScreen.cut('<html><head></head><body></body></html>')).toThrow(
      /no <div id="root">/,
    );
    expect(() =>
      firstScreen.draw('<p>not the root</p></body>', { body, eventPosition: null }),
    ).toThrow(/no <div id="root">/);
  });

  it("hides the drawn page on every page but Create, by the router's own rule", () => {
    expect(scriptText(page, '<script>')).toBe(ROUTE_GATE_SCRIPT);
    const hashes = [
      '',
      '#',
      '#/',
      '#/create',
      '#/create?x=1',
      '#/nowhere',
      '#main',
      '#/library',
      '#/library?q=cat',
      '#library',
      '#/collections/abc',
      '#/job?id=abc',
      '#/account',
      '#/people',
      '#/tools',
      '#/tools/',
      '#/libraryx',
    ];
    for (const hash of hashes) {
      const marked: string[] = [];
      const document = { documentElement: { setAttribute: (name: string) => marked.push(name) } };
      new Function('location', 'document', ROUTE_GATE_SCRIPT)({ hash }, document);
      expect(marked.length === 1, hash).toBe(routeFromHash(hash) !== 'create');
    }
  });
});
