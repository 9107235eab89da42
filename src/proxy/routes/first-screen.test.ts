import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_POSITION_HEADER } from '@/contract/event-position';
import { Stack } from '../test/harness';
import { PASSWORD, createAs, finished, team } from '../test/team';
import type { FirstScreenDrawer } from './first-screen';

const HEAD_SCRIPT = "document.documentElement.setAttribute('data-x','')";

/** Draws, into the root, the ids of the feed's jobs and the position it was read at. */
function countingDrawer(fail = false, drawing: Promise<void> = Promise.resolve()) {
  const answers: { body: string; eventPosition: string | null }[] = [];
  const drawer: FirstScreenDrawer = {
    feedPath: '/studio-api/jobs?limit=50',
    headScript: HEAD_SCRIPT,
    cut(template) {
      const open = template.indexOf('<div id="root">');
      if (open === -1) throw new Error('no root');
      return { head: template.slice(0, open), rest: template.slice(open) };
    },
    async draw(rest, answer) {
      answers.push(answer);
      await drawing;
      if (fail) throw new Error('cannot draw');
      const { jobs } = JSON.parse(answer.body) as { jobs: { id: string }[] };
      const drawn = `${jobs.map((j) => j.id).join(',')}|${answer.eventPosition}`;
      return rest.replace('<div id="root"></div>', `<div id="root">${drawn}</div>`);
    },
  };
  return { drawer, answers };
}

const asked = (cookie: string) => ({ headers: { cookie, 'accept-encoding': 'gzip' } });

let s: Stack;
afterEach(async () => {
  await s.stopChecked();
});

describe('GET / with the first screen drawn in', () => {
  it('draws the feed as its route answers the person asking, and is never stored', async () => {
    s = await Stack.start({ studioPassword: PASSWORD, firstScreen: 'drawn' });
    const { cookies } = await team(s, ['member', 'member']);
    for (const who of ['member0', 'member1'] as const) {
      const job = await createAs(s, cookies[who] ?? '', `a lighthouse by ${who}`);
      await finished(s, cookies[who] ?? '', job.id);
    }
    const { drawer } = countingDrawer();
    s.drawer = drawer;
    await s.withBuiltWeb();

    for (const who of ['owner', 'member0', 'member1'] as const) {
      const cookie = cookies[who] ?? '';
      const page = await s.call('/', asked(cookie));
      const feed = await s.json<{ jobs: { id: string }[] }>(drawer.feedPath, {
        headers: { cookie },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // It holds this person's data: no cache keeps it, the service worker's neither.
      expect(page.headers.get('cache-control')).toBe('no-store');
      const drawn = /<div id="root">([^<]*)<\/div>/.exec(page.bytes.toString('utf8'))?.[1] ?? '';
      const [ids, position] = drawn.split('|');
      expect(ids, who).toBe(feed.body.jobs.map((j) => j.id).join(','));
      expect(Number(position)).toBeLessThanOrEqual(
        Number(feed.rec.headers.get(EVENT_POSITION_HEADER)),
      );
    }
  });

  it("allows the head's script by its hash alone, in every answer's policy", async () => {
    s = await Stack.start({ firstScreen: 'drawn' });
    s.drawer = countingDrawer().drawer;
    await s.withBuiltWeb();
    const hash = createHash('sha256').update(HEAD_SCRIPT).digest('base64');
    for (const path of ['/', '/studio-api/jobs?limit=1', '/nowhere.js']) {
      const policy = (await s.call(path)).headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain(`script-src 'self' 'sha256-${hash}'`);
      const scripts = policy.split('; ').find((d) => d.startsWith('script-src'));
      expect(scripts, path).toBe(`script-src 'self' 'sha256-${hash}'`);
    }
  });

  it('sends its head before the feed is drawn, and the rest once it is', async () => {
    s = await Stack.start({ firstScreen: 'drawn' });
    let release = () => {};
    const drawing = new Promise<void>((r) => (release = r));
    const { drawer, answers } = countingDrawer(false, drawing);
    s.drawer = drawer;
    await s.withBuiltWeb();
    // Compressed as browsers ask, each part flushed whole.
    const res = await fetch(`${s.proxy.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const text = (chunk: Uint8Array | undefined) => Buffer.from(chunk ?? []).toString('utf8');
    const first = await reader.read();
    expect(text(first.value)).toBe('<!doctype html>');
    await expect.poll(() => answers.length).toBe(1);
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += text(r.value);
    expect(rest).toMatch(/^<div id="root">\|\d+<\/div>$/);
    expect((await s.call('/')).text).toMatch(/^<!doctype html><div id="root">\|\d+<\/div>$/);
  });

  it('sends the rest of index.html as built when the page cannot be drawn', async () => {
    s = await Stack.start({ firstScreen: 'drawn' });
    const { drawer, answers } = countingDrawer(true);
    s.drawer = drawer;
    const built = await s.withBuiltWeb();
    const page = await s.call('/');
    expect(page.status).toBe(200);
    expect(page.text).toBe(built.index);
    // Sent before the drawing failed, as any drawn page.
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(answers).toHaveLength(1);
    expect(s.logs.some((l) => l.includes('the first screen was not drawn'))).toBe(true);

    // The service worker's offline shell and a HEAD are index.html itself, nobody's data.
    const shell = await s.call('/index.html');
    expect(shell.text).toBe(built.index);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect((await s.call('/', { method: 'HEAD' })).status).toBe(200);
    expect(answers).toHaveLength(1);

    // A page with no root to draw into is sent as it is, and no feed is read for it.
    const rootless = '<!doctype html><p>no root</p>';
    writeFileSync(path.join(s.dataDir, 'web', 'index.html'), rootless);
    const bare = await s.call('/');
    expect(bare.text).toBe(rootless);
    expect(bare.headers.get('cache-control')).toBe('no-cache');
    expect(answers).toHaveLength(1);
    expect(s.logs.some((l) => l.includes('no place in index.html'))).toBe(true);
  });

  it('is index.html as built by default (STUDIO_FIRST_SCREEN=bare)', async () => {
    s = await Stack.start();
    const { drawer, answers } = countingDrawer();
    s.drawer = drawer;
    const built = await s.withBuiltWeb();
    const page = await s.call('/');
    expect(page.text).toBe(built.index);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(answers).toEqual([]);
  });

  it('reads no feed for a request without a session: it is sent to sign in', async () => {
    s = await Stack.start({ studioPassword: PASSWORD, firstScreen: 'drawn' });
    const { drawer, answers } = countingDrawer();
    s.drawer = drawer;
    await s.withBuiltWeb();
    // Sent as written: fetch would make its Sec-Fetch-Mode `cors`.
    const page = await s.raw('/', { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(page.status, page.text).toBe(302);
    expect(page.headers.get('location')).toContain('/login');
    expect(answers).toEqual([]);
  });
});
