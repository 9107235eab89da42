import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProxyConfig } from './config';

/** Where the files a setting names are written; removed after the file's tests. */
const scratch = mkdtempSync(path.join(tmpdir(), 'config-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const base = { UPSTREAM_URL: 'http://127.0.0.1:8090', UPSTREAM_API_KEY: 'sk-live-secret-value' };

describe('loadProxyConfig', () => {
  it('applies the defaults', () => {
    expect(loadProxyConfig(base)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      upstreamUrl: 'http://127.0.0.1:8090',
      upstreamApiKey: 'sk-live-secret-value',
      dataDir: './data/studio',
      webDir: './dist/web',
      firstScreen: 'bare',
      pollMs: 700,
      callbacks: 'auto',
      upstreamProgress: 'off',
      hookWaitMs: 10_000,
      uploadMaxMb: 20,
      uploadMaxMp: 40,
      mediaCacheMb: 2048,
      thumbCacheMb: 256,
      // Two, one on a single core.
      thumbMakers: Math.min(2, availableParallelism()),
      uploadsMb: 2048,
      upstreamJobTtlH: 72,
      upstreamTimeoutMs: 15_000,
      allowedHosts: [],
      ownerEmail: 'owner@localhost',
      timeZone: 'UTC',
      oidcRoleClaim: 'groups',
      logLevel: 'info',
    });
  });

  it('reads STUDIO_OWNER_EMAIL, and names a value that is not an email', () => {
    const env = { ...base, STUDIO_OWNER_EMAIL: ' Boss@Example.com ' };
    expect(loadProxyConfig(env).ownerEmail).toBe('Boss@Example.com');
    expect(() => loadProxyConfig({ ...base, STUDIO_OWNER_EMAIL: 'boss' })).toThrow(
      /STUDIO_OWNER_EMAIL: must be an email address, such as ana@example.com/,
    );
  });

  it('reads STUDIO_ALLOWED_HOSTS as names with or without a port, and names bad entries', () => {
    const env = { ...base, STUDIO_ALLOWED_HOSTS: ' studio.lan, Studio.Example.com:8443,,[::1]:80' };
    expect(loadProxyConfig(env).allowedHosts).toEqual([
      'studio.lan',
      'Studio.Example.com:8443',
      '[::1]:80',
    ]);
    expect(loadProxyConfig(base, { allowedHosts: ['a.lan'] }).allowedHosts).toEqual(['a.lan']);
    for (const bad of ['https://studio.lan', 'studio.lan/x', 'user@studio.lan', 'a.lan:99999']) {
      expect(() => loadProxyConfig({ ...base, STUDIO_ALLOWED_HOSTS: `ok.lan,${bad}` })).toThrow(
        `STUDIO_ALLOWED_HOSTS: ${JSON.stringify(bad)} is not a host name or host:port`,
      );
    }
  });

  it('reads every setting, treats empty as unset, and lets overrides win', () => {
    const env = {
      ...base,
      PORT: '0',
      HOST: '',
      UPSTREAM_URL: 'https://api.example.com/',
      STUDIO_DATA_DIR: '/tmp/x',
      STUDIO_WEB_DIR: '/tmp/web',
      POLL_MS: '250',
      STUDIO_THUMB_MAKERS: '6',
    };
    const config = loadProxyConfig(env, { port: 9999 });
    expect(config).toMatchObject({
      port: 9999,
      host: '127.0.0.1',
      upstreamUrl: 'https://api.example.com',
      pollMs: 250,
      thumbMakers: 6,
    });
    expect(config).toMatchObject({ dataDir: '/tmp/x', webDir: '/tmp/web' });
  });

  it('reads the key from the file named by UPSTREAM_API_KEY_FILE', () => {
    const file = path.join(scratch, 'key');
    writeFileSync(file, 'sk-from-file\n');
    const env = { UPSTREAM_URL: base.UPSTREAM_URL, UPSTREAM_API_KEY_FILE: file };
    expect(loadProxyConfig(env).upstreamApiKey).toBe('sk-from-file');
    // A launcher's key wins, and then the file is not even read.
    const missing = { ...env, UPSTREAM_API_KEY_FILE: '/nonexistent/key' };
    expect(loadProxyConfig(missing, { upstreamApiKey: 'k2' }).upstreamApiKey).toBe('k2');
    // An empty override (a launcher without a key of its own) leaves the environment's.
    expect(loadProxyConfig(env, { upstreamApiKey: '' }).upstreamApiKey).toBe('sk-from-file');
  });

  it('accepts the service base URL with or without its /api suffix', () => {
    for (const url of [
      'http://127.0.0.1:8090/api',
      'http://127.0.0.1:8090/api/',
      'http://127.0.0.1:8090',
    ]) {
      expect(loadProxyConfig({ UPSTREAM_URL: url, UPSTREAM_API_KEY: 'k' }).upstreamUrl).toBe(
        'http://127.0.0.1:8090',
      );
    }
  });

  it('lists every bad setting readably, without echoing the key', () => {
    const env = {
      UPSTREAM_URL: 'ftp://127.0.0.1:8090',
      UPSTREAM_API_KEY: 'sk-live-secret-value',
      UPSTREAM_API_KEY_FILE: '/nonexistent/key',
      PORT: 'eighty',
      POLL_MS: '5',
      UPSTREAM_PROGRESS: 'yes',
      STUDIO_THUMB_MAKERS: '0',
    };
    let message = '';
    try {
      loadProxyConfig(env);
    } catch (e) {
      message = e instanceof Error ? e.message : '';
    }
    expect(message).toMatch(/^Invalid studio proxy settings:/);
    for (const name of [
      'PORT:',
      'POLL_MS:',
      'UPSTREAM_URL: must be an http:// or https:// URL',
      'UPSTREAM_API_KEY_FILE: set either',
      'UPSTREAM_PROGRESS: must be on or off',
      'STUDIO_THUMB_MAKERS: must be an integer between 1 and 64',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('sk-live-secret-value');
  });

  it('reads DATABASE_URL (or its file), and names it without echoing a bad one', () => {
    expect(loadProxyConfig(base).databaseUrl).toBeUndefined();
    const url = 'postgres://studio:db-secret-pw@db.internal:5432/studio';
    expect(loadProxyConfig({ ...base, DATABASE_URL: url }).databaseUrl).toBe(url);
    const file = path.join(scratch, 'url');
    writeFileSync(file, `${url}\n`);
    expect(loadProxyConfig({ ...base, DATABASE_URL_FILE: file }).databaseUrl).toBe(url);
    for (const bad of [
      'mysql://u:db-secret-pw@db/x',
      'postgres://',
      'db-secret-pw',
      'postgres:x',
    ]) {
      let message = '';
      try {
        loadProxyConfig({ ...base, DATABASE_URL: bad });
      } catch (e) {
        message = e instanceof Error ? e.message : '';
      }
      expect(message, bad).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message, bad).not.toContain('db-secret-pw');
    }
  });

  it('takes a query in the upstream URL but not in the public one, and a host in both', () => {
    const withQuery = 'https://studio.example.com/app?x=1';
    expect(loadProxyConfig({ ...base, UPSTREAM_URL: withQuery }).upstreamUrl).toBe(withQuery);
    expect(loadProxyConfig({ ...base, PUBLIC_URL: 'https://s.example/app/' }).publicUrl).toBe(
      'https://s.example/app',
    );
    for (const url of [withQuery, 'https://s.example/#top', 'http:///app']) {
      expect(() => loadProxyConfig({ ...base, PUBLIC_URL: url }), url).toThrow(
        /PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL without query/,
      );
    }
    expect(() => loadProxyConfig({ ...base, UPSTREAM_URL: 'http:///api' })).toThrow(
      /UPSTREAM_URL: must be an http/,
    );
  });

  it('requires the upstream URL and a key', () => {
    expect(() => loadProxyConfig({})).toThrow(
      /UPSTREAM_URL: is required[\s\S]*UPSTREAM_API_KEY: is required/,
    );
    expect(() => loadProxyConfig({ ...base, UPSTREAM_URL: 'ftp://x' })).toThrow(
      /UPSTREAM_URL: must be an http/,
    );
    expect(() =>
      loadProxyConfig({
        UPSTREAM_URL: base.UPSTREAM_URL,
        UPSTREAM_API_KEY_FILE: '/nonexistent/key',
      }),
    ).toThrow(/cannot read the file "\/nonexistent\/key" \(ENOENT\)/);
  });
});
