import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balanceEnvelopeSchema } from './account';
import { errorTaskResponse } from './errors';
import {
  NO_ERROR,
  TASK_STATUSES,
  isImageOutput,
  isTerminal,
  isTextOutput,
  isVideoOutput,
  progressFromLogs,
  taskResponseSchema,
  type TaskOutput,
  type TaskResponse,
} from './task';

/**
 * Copies of real responses the hosted service published
 * (docs/service-interface.md#hosted-service-quirks).
 */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/hosted-service/${name}`, import.meta.url), 'utf8'));
const parse = (v: unknown): TaskResponse => taskResponseSchema.parse(v);

const JOB = 'dcd56f27-3346-46ab-9e82-1bae444812f5';
/** A completed task of the engine's shape, with the output swapped per test. */
const completed = (output: unknown, extra: Record<string, unknown> = {}) => ({
  job_id: JOB,
  model: 'midjourney',
  task_type: 'diffusion',
  status: 'completed',
  config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
  input: { text: 'a cat' },
  output,
  meta: {
    created_at: '2026-01-04T05:54:17Z',
    started_at: '2026-01-04T05:54:18Z',
    ended_at: '2026-01-04T05:54:58Z',
    usage: { type: 'credit', frozen: 480, consume: 480 },
  },
  detail: null,
  logs: ['progress 100%'],
  error: NO_ERROR,
  ...extra,
});
const outputOf = (raw: unknown): TaskOutput => {
  const out = parse(completed(raw)).output;
  if (out === null) throw new Error('output parsed to null');
  return out;
};

describe('taskResponseSchema on the hosted service fixtures', () => {
  it('diffusion-pending: the output of empty strings is null, year-1 times are null', () => {
    const t = parse(fixture('diffusion-pending.json'));
    expect(t.status).toBe('pending');
    expect(t.task_type).toBe('diffusion');
    expect(t.output).toBeNull();
    expect(t.meta).toEqual({
      created_at: '2025-12-17T11:08:36Z',
      started_at: null,
      ended_at: null,
      usage: { type: 'point', frozen: 80, consume: 0 },
    });
    expect(t.error).toEqual(NO_ERROR);
    expect(t.logs).toEqual([]);
    expect(isTerminal(t.status)).toBe(false);
  });

  it('diffusion-completed: image output with 4 image_urls and available_actions', () => {
    const t = parse(fixture('diffusion-completed.json'));
    expect(t.job_id).toBe(JOB);
    expect(t.status).toBe('completed');
    expect(isTerminal(t.status)).toBe(true);
    const out = t.output;
    if (out === null || !isImageOutput(out)) throw new Error('expected an image output');
    expect(isVideoOutput(out)).toBe(false);
    expect(isTextOutput(out)).toBe(false);
    expect(out.image_urls).toHaveLength(4);
    expect(out.image_urls[3]).toBe(`https://cdn.legnext.ai/mj/${JOB}_3.png`);
    expect(out.image_url).toBe('https://cdn.legnext.ai/temp/1767506091091.png');
    expect(out.seed).toBe('3736631383');
    expect(out.available_actions).toEqual({
      edit: [0, 1, 2, 3],
      inpaint: [0, 1, 2, 3],
      outpaint: [0, 1, 2, 3],
      pan: [0, 1, 2, 3],
      remix: [0, 1, 2, 3],
      reroll: true,
      upscale: [0, 1, 2, 3],
      variation: [0, 1, 2, 3],
    });
    expect(t.meta?.usage).toEqual({ type: 'point', frozen: 80, consume: 80 });
    expect(t.meta?.ended_at).toBe('2026-01-04T05:54:58Z');
    expect(t.config.webhook_config.endpoint).toBe('https://legnext.ai/api/backend-proxy/callback');
  });

  it('diffusion-completed: absent logs, error, input and detail get their zero values', () => {
    const t = parse(fixture('diffusion-completed.json'));
    expect(t.logs).toEqual([]);
    expect(t.error).toEqual({ code: 0, message: '', raw_message: '', detail: null });
    expect(t.input).toBeNull();
    expect(t.detail).toBeNull();
  });

  it('error-403-edit: a rejected create in the TaskResponse shape', () => {
    const t = parse(fixture('error-403-edit.json'));
    expect(t.status).toBe('failed');
    expect(t.task_type).toBe('');
    expect(t.job_id).toBe('');
    expect(t.error.code).toBe(403);
    expect(t.error.message).toMatch(/whitelisted accounts/);
    expect(t.logs).toEqual([]);
    expect([t.input, t.output, t.meta]).toEqual([null, null, null]);
  });

  it('account-balance parses with balanceEnvelopeSchema', () => {
    const b = balanceEnvelopeSchema.parse(fixture('account-balance.json'));
    expect(b.code).toBe(200);
    expect(b.message).toBe('success');
    expect(b.data).toMatchObject({
      account_id: 1,
      balance_usd: 72.048,
      available_credits: 71000,
      available_points: 1048,
      low_balance_alert: false,
    });
  });
});

describe('taskResponseSchema tolerance', () => {
  it('empty-string times and a missing config are normalised', () => {
    const raw = completed(null, { status: 'pending', config: undefined });
    raw.meta = { ...raw.meta, started_at: '', ended_at: '' };
    const t = parse(raw);
    expect([t.meta?.started_at, t.meta?.ended_at]).toEqual([null, null]);
    expect(t.config).toEqual({ service_mode: '', webhook_config: { endpoint: '', secret: '' } });
  });

  it('accepts every status and rejects unknown ones', () => {
    for (const status of TASK_STATUSES)
      expect(parse(completed(null, { status })).status).toBe(status);
    expect(taskResponseSchema.safeParse(completed(null, { status: 'done' })).success).toBe(false);
    expect(taskResponseSchema.safeParse(completed(null, { task_type: 'paint' })).success).toBe(
      false,
    );
  });

  it.each([
    [{ image_url: '', image_urls: [], seed: '' }],
    [{ video_urls: null, seed: '' }],
    [{ prompts: [], promptEn: '', description: '', finalPrompt: '' }],
    [{}],
  ])('a pending output of empty values (%j) is null', (output) => {
    expect(parse(completed(output, { status: 'pending' })).output).toBeNull();
  });

  it('an output that is neither image, video nor text is refused', () => {
    expect(taskResponseSchema.safeParse(completed({ foo: 'bar' })).success).toBe(false);
  });
});

describe('output variants', () => {
  it('video output: video_urls', () => {
    const urls = [0, 1, 2, 3].map((i) => `https://cdn.example.com/${JOB}_${i}.mp4`);
    const out = outputOf({ video_urls: urls, seed: '42' });
    expect(isVideoOutput(out)).toBe(true);
    expect(isImageOutput(out)).toBe(false);
    expect(isTextOutput(out)).toBe(false);
    if (!isVideoOutput(out)) throw new Error('unreachable');
    expect(out).toEqual({ video_urls: urls, seed: '42' });
  });

  it('text output: prompts, promptEn, description, finalPrompt', () => {
    const raw = {
      prompts: ['a cat on a mat --ar 3:2', 'a tabby cat, studio light'],
      promptEn: 'a cat on a mat',
      description: 'A cat sits on a mat.',
      finalPrompt: 'a cat on a mat --ar 3:2',
    };
    const out = outputOf(raw);
    expect(isTextOutput(out)).toBe(true);
    expect(isImageOutput(out)).toBe(false);
    expect(isVideoOutput(out)).toBe(false);
    expect(out).toEqual(raw);
  });

  it('text output with prompts only', () => {
    const out = outputOf({ prompts: ['short'] });
    expect(isTextOutput(out)).toBe(true);
    expect(out).toEqual({ prompts: ['short'] });
  });

  it('image output without available_actions (e.g. upscale)', () => {
    const out = outputOf({
      image_url: 'https://x/a.png',
      image_urls: ['https://x/a.png'],
      seed: '1',
    });
    expect(isImageOutput(out)).toBe(true);
    expect(out).not.toHaveProperty('available_actions');
  });

  it('a 24-image draft batch keeps every url', () => {
    const urls = Array.from({ length: 24 }, (_, i) => `https://x/${i}.png`);
    const out = outputOf({ image_url: urls[0], image_urls: urls, seed: '1' });
    if (!isImageOutput(out)) throw new Error('expected an image output');
    expect(out.image_urls).toHaveLength(24);
  });
});

describe('progressFromLogs', () => {
  it.each<[string[], number | null]>([
    [[], null],
    [['queued', 'retrying after 502'], null],
    [['progress 0%'], 0],
    [['progress 10%', 'progress 55%'], 55],
    [['progress 10%', 'progress 55%', 'retrying after 502'], 55],
    [['progress 80%', 'progress 30%'], 30],
    [['progress 150%'], 100],
    [['engine: progress 42% (grid)'], 42],
    [['progress 7 %'], null],
  ])('%j -> %s', (logs, expected) => {
    expect(progressFromLogs(logs)).toBe(expected);
  });
});

describe('errorTaskResponse', () => {
  it('is a TaskResponse the schema accepts, unchanged', () => {
    const e = errorTaskResponse(402, 'insufficient quota');
    expect(parse(e)).toEqual(e);
    expect(parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
  });

  it('is failed, with input and meta null and an empty job_id', () => {
    const e = errorTaskResponse(429, 'concurrency limit reached', { limit: 6 });
    expect(e).toMatchObject({
      job_id: '',
      task_type: '',
      status: 'failed',
      input: null,
      output: null,
      meta: null,
    });
    expect(e.error).toEqual({
      code: 429,
      message: 'concurrency limit reached',
      raw_message: '',
      detail: { limit: 6 },
    });
  });

  it('matches the shape of the real 403 rejection', () => {
    const real = parse(fixture('error-403-edit.json'));
    const ours = errorTaskResponse(403, real.error.message);
    expect(ours).toEqual(real);
  });
});
