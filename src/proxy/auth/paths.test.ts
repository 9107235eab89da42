import { afterEach, describe, expect, it } from 'vitest';
import type { StudioError } from '@/contract/studio-api';
import { Stack } from '../test/harness';
import { cleanPath, isHookPath } from './paths';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const TOKEN = 'A'.repeat(22);

describe('paths that say one thing and name another', () => {
  it('with a password, /hooks/ and /u/ lead to no file of the SPA', async () => {
    const s = (stack = await Stack.start({ studioPassword: 'correct horse battery' }));
    const files = await s.withBuiltWeb();
    const bypasses = [
      '/hooks/..%2fassets%2findex-AbC123.js',
      '/hooks/..%2findex.html',
      '/hooks/..%2F..%2Fhooks%2F..%2Findex.html',
      '/hooks/%2e%2e%2fassets%2findex-AbC123.js',
      '/hooks/%2E%2e%2Findex.html',
      '/hooks/..%5cindex.html',
      '/hooks/..%5Cassets%5Cindex-AbC123.js',
      '/hooks/..\\index.html',
      '/hooks/.%2e/index.html',
      '/hooks/%252e%252e%252findex.html',
      `/hooks/${TOKEN}/..%2f..%2findex.html`,
      '/u/..%2findex.html',
      '/u/..%2fassets%2findex-AbC123.js',
    ];
    for (const p of bypasses) {
      const res = await s.raw(p);
      expect(res.status, p).not.toBe(200);
      expect(res.text, p).not.toContain(files.index);
      expect(res.text, p).not.toContain(files.asset);
    }
    const refused = await s.raw('/hooks/..%2findex.html');
    expect(refused.status).toBe(400);
    const { error } = JSON.parse(refused.text) as { error: StudioError };
    expect(error.code).toBe('invalid_request');

    // The callback route itself is still open without a session.
    const hook = await s.raw(`/hooks/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(hook.status).toBe(404);
    expect(hook.text).toContain('No such callback');
    expect((await s.raw('/hooks/probe')).status).toBe(200);
    expect((await s.raw('/index.html')).status).toBe(302);
  });

  it('with a password, a file fetched for a page or a worker is refused, not led to sign-in', async () => {
    const s = (stack = await Stack.start({ studioPassword: 'correct horse battery' }));
    const files = await s.withBuiltWeb();
    // A service worker's precache fetches the shell and the scripts with mode "cors" or
    // "same-origin": followed, a redirect would give it the sign-in page to keep as them.
    for (const mode of ['cors', 'same-origin', 'no-cors']) {
      for (const path of ['/index.html', '/', '/assets/index-AbC123.js']) {
        const res = await s.raw(path, { headers: { 'sec-fetch-mode': mode } });
        expect(res.status, `${mode} ${path}`).toBe(401);
        expect(res.text, `${mode} ${path}`).not.toContain(files.index);
      }
    }
    // Opening a page still leads to sign-in and back.
    const opened = await s.raw('/library', { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/login?next=%2Flibrary');
  });

  it('refuses encoded separators and dot segments on media, uploads and the SPA', async () => {
    const s = (stack = await Stack.start());
    await s.withBuiltWeb();
    const paths = [
      '/media/AAAAAAAAAAAA/..%2f..%2fstudio.sqlite',
      '/u/..%2f..%2fstudio.sqlite',
      '/studio-api/jobs%2fAAAAAAAAAAAA',
      '/assets%2findex-AbC123.js',
      '/%2e%2e%2fstudio.sqlite',
      '/library%5c..%5cindex.html',
    ];
    for (const p of paths) {
      const res = await s.raw(p);
      expect(res.status, p).toBe(400);
      expect(res.headers.get('content-type'), p).toMatch(/application\/json/);
    }
    expect((await s.raw('/assets/index-AbC123.js')).status).toBe(200);
    expect((await s.raw('/library/%E2%9C%93')).status).toBe(200);
  });
});

describe('cleanPath and isHookPath', () => {
  it('decode once and refuse what could change the route', () => {
    expect(cleanPath('/hooks/abc')).toBe('/hooks/abc');
    expect(cleanPath('/library/%E2%9C%93')).toBe('/library/✓');
    expect(cleanPath('/a/%252f')).toBe('/a/%2f');
    for (const p of ['/a/%2F', '/a/%5c', '/a\\b', '/a/./b', '/a/%2e%2E', '/a/%', '/..']) {
      expect(cleanPath(p), p).toBeNull();
    }
    expect(isHookPath(`/hooks/${TOKEN}`)).toBe(true);
    expect(isHookPath('/hooks/..%2findex.html')).toBe(false);
    expect(isHookPath('/hooksx/a')).toBe(false);
    expect(isHookPath('/hooks')).toBe(false);
  });
});
