import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, vi } from 'vitest';
import { loadProxyConfig, type ProxyConfig } from '../config';
import type { FirstScreenDrawer } from '../routes/first-screen';
import { startProxy, type RunningProxy } from '../server';
import { FAKE_KEY, FakeUpstream } from './fake-upstream';
import { rawRequest, type RawRequest } from './raw-http';
import { SseClient } from './sse-client';

export interface Recorded {
  url: string;
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

const UUID_DASHED = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * A fake upstream and the real proxy over real sockets, with a temp data dir. Every
 * response the test receives and every log line is kept for the leak scan.
 */
export class Stack {
  readonly seen: Recorded[] = [];
  readonly logs: string[] = [];
  readonly streams: SseClient[] = [];
  proxy!: RunningProxy;
  /** What draws the first screen into `/`, from the next (re)start on. */
  drawer: FirstScreenDrawer | undefined;
  /** index.html's inline scripts the policy allows, from the next (re)start on. */
  pageScripts: readonly string[] = [];

  private constructor(
    readonly fake: FakeUpstream,
    readonly dataDir: string,
    private overrides: Partial<ProxyConfig>,
  ) {}

  static async start(overrides: Partial<ProxyConfig> = {}): Promise<Stack> {
    const fake = await new FakeUpstream().start();
    const stack = new Stack(fake, mkdtempSync(path.join(tmpdir(), 'proxy-test-')), overrides);
    const capture = (...args: unknown[]) => void stack.logs.push(args.map(String).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'error').mockImplementation(capture);
    await stack.startProxy();
    return stack;
  }

  config(): ProxyConfig {
    return loadProxyConfig(
      {
        PORT: '0',
        STUDIO_DATA_DIR: this.dataDir,
        STUDIO_WEB_DIR: path.join(this.dataDir, 'no-web'),
      },
      {
        upstreamUrl: this.fake.url,
        upstreamApiKey: FAKE_KEY,
        pollMs: 30,
        // Most tests follow jobs through the poller; the push tests turn callbacks on.
        callbacks: 'off',
        ...this.overrides,
      },
    );
  }

  async startProxy(): Promise<void> {
    this.proxy = await startProxy(this.config(), {
      logDestination: { write: (line) => void this.logs.push(line.trimEnd()) },
      ...(this.drawer ? { firstScreen: this.drawer } : {}),
      pageScripts: this.pageScripts,
    });
  }

  /** Stops the proxy and starts a new one on the same data dir, as a restart would. */
  async restart(overrides: Partial<ProxyConfig> = {}): Promise<void> {
    this.overrides = { ...this.overrides, ...overrides };
    await this.proxy.stop();
    await this.startProxy();
  }

  /** Restarts on a web dir that looks built: `/` and `/assets/index-AbC123.js`. */
  async withBuiltWeb(): Promise<{ index: string; asset: string }> {
    const web = path.join(this.dataDir, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    const files = { index: '<!doctype html><div id="root"></div>', asset: 'console.log(1)' };
    writeFileSync(path.join(web, 'index.html'), files.index);
    writeFileSync(path.join(web, 'assets', 'index-AbC123.js'), files.asset);
    await this.restart({ webDir: web });
    return files;
  }

  async call(urlPath: string, init?: RequestInit): Promise<Recorded> {
    const res = await fetch(`${this.proxy.url}${urlPath}`, init);
    const bytes = Buffer.from(await res.arrayBuffer());
    return this.record(urlPath, res.status, res.headers, bytes);
  }

  /** A request sent as written, path and `Host` included (see `rawRequest`). */
  async raw(rawPath: string, init: Omit<RawRequest, 'path'> = {}): Promise<Recorded> {
    const res = await rawRequest(this.proxy.url, { ...init, path: rawPath });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    return this.record(rawPath, res.status, headers, res.body);
  }

  private record(url: string, status: number, headers: Headers, bytes: Buffer): Recorded {
    const rec = { url, status, headers, bytes, text: bytes.toString('latin1') };
    this.seen.push(rec);
    return rec;
  }

  async json<T = Record<string, unknown>>(
    urlPath: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: T; rec: Recorded }> {
    const rec = await this.call(urlPath, init);
    return { status: rec.status, body: JSON.parse(rec.bytes.toString('utf8')) as T, rec };
  }

  post<T = Record<string, unknown>>(
    urlPath: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.json<T>(urlPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  /** An event stream of the proxy; its text joins the leak scan. */
  async events(headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await SseClient.open(`${this.proxy.url}/studio-api/events`, headers);
    this.streams.push(client);
    return client;
  }

  /** No upstream job UUID, no UUID-shaped string and no key in anything the test saw. */
  expectNoLeaks(): void {
    const secrets = [FAKE_KEY, ...this.fake.jobIds(), this.overrides.studioPassword ?? FAKE_KEY];
    const places = [
      ...this.streams.map((s) => ({ where: 'event stream', text: s.raw })),
      ...this.seen.flatMap((r) => [
        { where: `body of ${r.url}`, text: r.text },
        ...[...r.headers].map(([k, v]) => ({ where: `header ${k} of ${r.url}`, text: v })),
      ]),
      ...this.logs.map((line) => ({ where: 'log', text: line })),
    ];
    const leaks = places.flatMap(({ where, text }) =>
      UUID_DASHED.test(text) || secrets.some((s) => text.includes(s)) ? [where] : [],
    );
    expect(leaks).toEqual([]);
    expect(this.seen.length).toBeGreaterThan(0);
  }

  /** The rows of a query on the studio's own database file, read-only. */
  rows(query: string): unknown[] {
    const db = new Database(path.join(this.dataDir, 'studio.sqlite'), { readonly: true });
    try {
      return db.prepare(query).all();
    } finally {
      db.close();
    }
  }

  /** The end of a test: nothing it saw leaked a secret, then everything stopped. */
  async stopChecked(): Promise<void> {
    this.expectNoLeaks();
    await this.stop();
  }

  async stop(): Promise<void> {
    await Promise.all(this.streams.map((s) => s.close()));
    await this.proxy.stop();
    await this.fake.stop();
    vi.restoreAllMocks();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
