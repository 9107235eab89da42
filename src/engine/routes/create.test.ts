import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEnvelopeSchema } from '@/contract/account';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';

const KEY = 'key-validation-01';
const FEW = 'key-few-errors-01';

describe('create validation', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({
      accounts: [
        { apiKey: KEY, name: 'main' },
        { apiKey: FEW, name: 'few', dailyErrorLimit: 2 },
      ],
    });
  });
  afterAll(() => t.stop());

  const available = async (key: string) => {
    const res = await t.get('/api/account/balance', { 'x-api-key': key });
    return balanceEnvelopeSchema.parse(await res.json()).data.available_credits;
  };

  const rejects = async (op: string, body: unknown, status: number, message: RegExp) => {
    const res = await t.post(op, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status: 'failed', job_id: '', input: null, meta: null });
    expect(res.body.error.code).toBe(status);
    expect(res.body.error.message).toMatch(message);
  };

  it('names the field and what it allows, and charges nothing', async () => {
    const before = await available(KEY);
    await rejects('diffusion', { text: 'x'.repeat(8193) }, 400, /^text: must be .*1 to 8192/);
    await rejects('diffusion', {}, 400, /^text: is required/);
    await rejects('diffusion', '{"text": "a cat"', 400, /^body: must be a JSON object$/);
    await rejects('diffusion', '[1, 2]', 400, /^body: must be a JSON object$/);
    await rejects(
      'diffusion',
      { text: 'a cat --chaos 300' },
      400,
      /text: --chaos must be .* 0 to 100/,
    );
    await rejects('diffusion', { text: 'a cat --draft' }, 400, /--draft needs --v 7/);
    await rejects('diffusion', { text: 'a cat', callback: 'ftp://x' }, 400, /^callback: /);
    await rejects('upscale', { jobId: randomUUID(), imageNo: 24 }, 400, /^imageNo: .*0 and 23/);
    await rejects('upscale', { jobId: 'nope', imageNo: 0 }, 400, /^jobId: /);
    expect(await available(KEY)).toBe(before);
  });

  it('refuses malformed URLs at create; enhance-upscale is 503', async () => {
    await rejects('blend', { imgUrls: ['https://a.example/x.png'] }, 400, /^imgUrls: .*2 to 5/);
    const urls = ['https://a.example/1.png', 'http://[oops/2.png'];
    await rejects('blend', { imgUrls: urls }, 400, /^imgUrls\.1: must be a valid http/);
    // URLs inside prompts too: the video's start image, --end, --sref, --cref, image prompts.
    // (Start images are on 127.0.0.1, so nothing would leave this machine were one accepted.)
    const start = 'http://127.0.0.1:9/start.png';
    for (const [op, body, message] of [
      [
        'video-diffusion',
        { prompt: 'http://[oops/s.png a pan' },
        'prompt: the image URL http://[oops/s.png must',
      ],
      [
        'video-diffusion',
        { prompt: `${start} a pan --end http://[oops/e.png` },
        'prompt: --end http://[oops/e.png must',
      ],
      [
        'extend-video',
        { jobId: randomUUID(), videoNo: 0, prompt: 'on --end https://:80/e.png' },
        'prompt: --end https://:80/e.png must',
      ],
      [
        'diffusion',
        { text: 'a cat --sref http://a:b:c/x.png' },
        'text: --sref http://a:b:c/x.png must',
      ],
      [
        'diffusion',
        { text: 'a cat --cref 7 http://[::1/x.png' },
        'text: --cref http://[::1/x.png must',
      ],
      [
        'diffusion',
        { text: 'http://[oops/x.png a cat' },
        'text: the image URL http://[oops/x.png must',
      ],
    ] as const) {
      const res = await t.post(op, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(`${message} be a valid http:// or https:// URL`);
    }
    await rejects('enhance-upscale', { image_url: 'https://a.example/x.png' }, 503, /suspended/);
    await rejects('no-such-thing', {}, 404, /no operation/);
  });

  it('refuses every create once the daily error limit is reached', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.post('diffusion', { text: '' }, FEW)).status).toBe(400);
    }
    const blocked = await t.post('diffusion', { text: 'a fine prompt' }, FEW);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toMatch(/daily error limit/);
    expect(await available(FEW)).toBe(100_000);
  });

  /** A create whose client hangs up before the body it announced has all arrived. */
  const cutShort = (head: string, part: string) =>
    new Promise<void>((resolve) => {
      const { port } = new URL(t.url);
      const socket = connect(Number(port), '127.0.0.1', () => {
        const request = `POST /api/v1/diffusion HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`;
        socket.write(`${request}x-api-key: ${KEY}\r\n${head}\r\n${part}`, () =>
          setTimeout(() => socket.destroy(), 100),
        );
      });
      socket.on('close', () => resolve());
    });

  it('a body cut short creates nothing, charges nothing and is no server failure', async () => {
    const before = await available(KEY);
    await cutShort('content-type: application/json\r\ncontent-length: 5000\r\n', '{"text":');
    await cutShort('transfer-encoding: chunked\r\n', '40\r\n{"text": "a lamp"');
    await new Promise((r) => setTimeout(r, 100));
    expect(t.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    expect(await available(KEY)).toBe(before);
  });

  it('reads a job without a key; unknown ids are 404 and malformed ones 400', async () => {
    const created = await t.post('diffusion', { text: 'a lamp' });
    const read = await t.job(created.body.job_id);
    expect(read.status).toBe(200);
    expect(read.body.job_id).toBe(created.body.job_id);
    const unknown = await t.job(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(404);
    expect((await t.job('not-a-uuid')).status).toBe(400);
  });
});

describe('job lifetime', () => {
  it('forgets jobs older than ENGINE_JOB_TTL_S', async () => {
    const t = await startTestEngine({ jobTtlS: 1 });
    try {
      const created = await t.post('diffusion', { text: 'a short-lived lamp' });
      expect((await t.job(created.body.job_id)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      const gone = await t.job(created.body.job_id);
      expect(gone.status).toBe(404);
      expect(gone.body.status).toBe('failed');
    } finally {
      await t.stop();
    }
  });
});
