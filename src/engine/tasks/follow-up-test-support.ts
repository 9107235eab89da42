import { expect } from 'vitest';
import type { ImageOutput, TaskResponse, TextOutput } from '@/contract/task';
import { isImageOutput, isTextOutput } from '@/contract/task';
import type { Pixels } from '../media/metrics/metrics';
import { decode } from '../media/metrics/metrics';
import type { TestEngine } from '../test-support';
import { isFinal } from '../test-support';

/** Shared by the tests of the image and text follow-up operations. */

export const imageOut = (t: TaskResponse): ImageOutput => {
  if (!t.output || !isImageOutput(t.output)) {
    throw new Error(`no image output: ${t.status} ${t.error.message}`);
  }
  return t.output;
};

export const textOut = (t: TaskResponse): TextOutput => {
  if (!t.output || !isTextOutput(t.output)) throw new Error(`no text output: ${t.status}`);
  return t.output;
};

/** Creates a task, expects it accepted, and waits until it is completed. */
export async function completed(
  t: TestEngine,
  op: string,
  body: unknown,
  key?: string,
): Promise<TaskResponse> {
  const created = await t.post(op, body, key);
  expect(created.status, created.body.error.message).toBe(200);
  const done = await t.waitFor(created.body.job_id, isFinal, 20_000);
  expect(done.status, done.error.message).toBe('completed');
  return done;
}

export async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  return Buffer.from(await res.arrayBuffer());
}

/** An output image decoded to RGB, optionally resized for the measurement. */
export async function pixelsAt(
  url: string,
  size?: { width: number; height: number },
): Promise<Pixels> {
  return decode(await fetchBytes(url), size);
}

/** The largest and the mean absolute channel difference over pixels where `use` holds. */
export function diffWhere(
  a: Pixels,
  b: Pixels,
  use: (x: number, y: number) => boolean,
): { max: number; mean: number; count: number } {
  let max = 0;
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!use(x, y)) continue;
      const i = (y * a.width + x) * a.channels;
      const j = (y * b.width + x) * b.channels;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs((a.data[i + c] ?? 0) - (b.data[j + c] ?? 0));
        max = Math.max(max, d);
        sum += d;
        count++;
      }
    }
  }
  return { max, mean: count === 0 ? 0 : sum / count, count };
}
