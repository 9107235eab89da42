import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';
import { checkWebhookSignature } from '@/server/webhook-signature';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
}

/**
 * A callback receiver on 127.0.0.1 that answers each final delivery with the next status
 * given; progress notices (an engine extension) are kept apart and answered 200.
 */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const progress: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const isProgress = req.headers['x-webhook-event'] === 'progress';
      const answered = isProgress ? 200 : (statuses.shift() ?? 200);
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString(), answered };
      (isProgress ? progress : received).push(entry);
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/abc`,
    received,
    progress,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SIGNED = 'key-callback-signed';
const PLAIN = 'key-callback-plain';
const SECRET = 'whsec-test-secret';
/**
 * An account that can pay for nothing: a create it makes is refused (402) after the
 * callback is checked, so a callback that passed the check by mistake is never sent.
 */
const BROKE = 'key-callback-broke';

/**
 * The engine's resolver in these tests: `localhost` answers loopback and a private
 * address (a name an attacker controls can do that); no other name resolves, so no test
 * reaches a real DNS server.
 */
const lookup = async (host: string): Promise<string[]> => {
  if (host === 'localhost') return ['127.0.0.1', '10.0.0.1'];
  throw new Error(`${host} is not resolved in tests`);
};

describe('callbacks', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({
      accounts: [
        { apiKey: SIGNED, name: 'signed', webhookSecret: SECRET },
        { apiKey: PLAIN, name: 'plain' },
        { apiKey: BROKE, name: 'broke', credits: 0 },
      ],
      lookup,
    });
  });
  afterAll(() => t.stop());

  const until = async (cond: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('retries a failing receiver and then delivers the signed completed TaskResponse', async () => {
    const hook = await receiver([500]);
    try {
      const created = await t.post('diffusion', { text: 'a signal fire', callback: hook.url });
      expect(created.body.config.webhook_config).toEqual({ endpoint: hook.url, secret: '' });
      await until(() => hook.received.some((r) => r.answered === 200), 8000);
      expect(hook.received.map((r) => r.answered)).toEqual([500, 200]);

      const last = hook.received[1];
      if (!last) throw new Error('no delivery');
      expect(last.headers['content-type']).toBe('application/json');
      const timestamp = String(last.headers['x-webhook-timestamp']);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
      const signature = String(last.headers['x-webhook-signature']);
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(checkWebhookSignature(SECRET, timestamp, last.body, signature)).toBe('valid');
      const body = taskResponseSchema.parse(JSON.parse(last.body));
      expect(body).toMatchObject({ job_id: created.body.job_id, status: 'completed' });

      const job = await t.waitFor(created.body.job_id, (j) =>
        j.logs.some((l) => l.includes('delivered')),
      );
      // What the receiver answered stays out of the log: it would tell a port scan's results.
      const lines = job.logs.filter((l) => l.includes('callback attempt'));
      expect(lines[0]).toMatch(/Z callback attempt 1: delivery failed; next attempt in 2 s$/);
      expect(lines[1]).toMatch(/Z callback attempt 2: delivered$/);
    } finally {
      await hook.close();
    }
  });

  it('sends no signature when the account has no webhook secret', async () => {
    const hook = await receiver([]);
    try {
      const created = await t.post(
        'diffusion',
        { text: 'a quiet fire', callback: hook.url },
        PLAIN,
      );
      await t.waitFor(created.body.job_id, isFinal);
      await until(() => hook.received.length > 0, 5000);
      expect(hook.received[0]?.headers['x-webhook-signature']).toBeUndefined();
      expect(hook.received[0]?.headers['x-webhook-timestamp']).toMatch(/^\d+$/);
    } finally {
      await hook.close();
    }
  });

  it('sends one POST per task, the final one, when the create did not ask for progress', async () => {
    const hook = await receiver([]);
    try {
      const created = await t.post('diffusion', { text: 'a lamp', callback: hook.url });
      await t.waitFor(created.body.job_id, isFinal);
      await until(() => hook.received.length > 0, 5000);
      // Room for a late notice to arrive, were one sent.
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.progress).toEqual([]);
      expect(hook.received).toHaveLength(1);
      expect(JSON.parse(hook.received[0]?.body ?? '{}')).toMatchObject({ status: 'completed' });
    } finally {
      await hook.close();
    }
  });

  it('with notify_progress, also sends signed progress notices before the final one', async () => {
    const hook = await receiver([]);
    try {
      const created = await t.post('diffusion', {
        text: 'a lantern',
        callback: hook.url,
        notify_progress: true,
      });
      await t.waitFor(created.body.job_id, isFinal);
      await until(() => hook.received.length > 0, 5000);
      const notices = hook.progress.map((r) => taskResponseSchema.parse(JSON.parse(r.body)));
      expect(notices.length).toBeGreaterThan(0);
      expect(notices[0]?.status).toBe('processing');
      expect(notices.every((n) => n.job_id === created.body.job_id)).toBe(true);
      expect(notices.every((n) => n.status === 'processing' || n.status === 'retry')).toBe(true);
      const first = hook.progress[0];
      const timestamp = String(first?.headers['x-webhook-timestamp']);
      const signature = String(first?.headers['x-webhook-signature']);
      expect(checkWebhookSignature(SECRET, timestamp, first?.body ?? '', signature)).toBe('valid');
      expect(JSON.parse(hook.received[0]?.body ?? '{}')).toMatchObject({ status: 'completed' });
    } finally {
      await hook.close();
    }
  });

  it('refuses at create, naming the field, a callback the address policy or its form rules out', async () => {
    const cases: [callback: string, why: string][] = [
      [
        'http://169.254.169.254/latest/meta-data/',
        '169.254.169.254 is a link-local (cloud metadata) address',
      ],
      ['http://2852039166/', '169.254.169.254 is a link-local (cloud metadata) address'],
      ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe is a link-local (cloud metadata) address'],
      ['http://10.0.0.1/hooks/x', '10.0.0.1 is a private address'],
      ['https://192.0.2.1/', '192.0.2.1 is a documentation address'],
      ['http://[fd00::1]:8080/', 'fd00::1 is a unique-local (private) address'],
      ['http://[2001:db8::1]/', '2001:db8::1 is a documentation address'],
      ['http://user:pass@example.com/hook', 'this one has credentials in it'],
      ['http://token@example.com/hook', 'this one has credentials in it'],
      ['http://[oops/hook', 'not a valid URL'],
    ];
    for (const [callback, why] of cases) {
      const res = await t.post('diffusion', { text: 'a beacon', callback }, BROKE);
      expect(res.status, callback).toBe(400);
      expect(res.body.error.message, callback).toMatch(
        /^callback: must be an http:\/\/ or https:\/\/ URL with no user name or password in it, whose host is not a private, link-local, metadata or documentation address/,
      );
      expect(res.body.error.message, callback).toContain(`; ${why}`);
    }
    const accepted = await t.post(
      'diffusion',
      { text: 'a beacon', callback: 'http://[::1]/' },
      BROKE,
    );
    expect(accepted.body.error.message).toBe('insufficient quota');
    expect(t.audit()).toEqual([]);
  });

  it('does not post to a name that resolves to a private address, and logs only "delivery failed"', async () => {
    const hook = await receiver([]);
    try {
      // `localhost` resolves to the receiver's 127.0.0.1 and to 10.0.0.1: every address
      // must pass, so nothing is sent, not even to the loopback one.
      const callback = hook.url.replace('127.0.0.1', 'localhost');
      const created = await t.post('diffusion', { text: 'a beacon', callback });
      expect(created.status).toBe(200);
      const job = await t.waitFor(created.body.job_id, (j) =>
        j.logs.some((l) => l.includes('callback attempt 1')),
      );
      const line = job.logs.find((l) => l.includes('callback attempt 1'));
      expect(line).toMatch(/Z callback attempt 1: delivery failed; next attempt in 2 s$/);
      const answered = JSON.stringify((await t.job(created.body.job_id)).body);
      expect(answered).not.toMatch(/10\.0\.0\.1|refused|private/);
      expect(hook.received).toEqual([]);
      expect(hook.progress).toEqual([]);
    } finally {
      await hook.close();
    }
  });
});
