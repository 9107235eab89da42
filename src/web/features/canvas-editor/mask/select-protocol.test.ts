import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import { countSet, rasterise } from './grid';
import type { Pixels } from './select';
import type { SelectAnswer, SelectJob, WireSelectRequest } from './select-protocol';
import { createSelectHandler, unshipRequest } from './select-protocol';
import type { SelectWorker } from './selector';
import { createMaskHold } from './shipped-mask';
import { createSelector } from './selector';

/** 40×30 pixels: a blue sky over 10 rows, then green. */
const image = { url: '/sky.png', width: 40, height: 30 };
function skyPixels(): Pixels {
  const data = new Uint8ClampedArray(40 * 30 * 4);
  for (let i = 0; i < 40 * 30; i++)
    data.set(i < 400 ? [90, 140, 240, 255] : [30, 150, 40, 255], i * 4);
  return { width: 40, height: 30, data };
}

const rect = (x0: number, y0: number, x1: number, y1: number): MaskOp => ({
  type: 'shape',
  kind: 'rect',
  points: [imagePoint(x0, y0), imagePoint(x1, y1)],
});
const mask = (ops: MaskOp[]) => ({ base: null, ops, width: 40, height: 30 });

async function selected(job: SelectJob) {
  const handle = createSelectHandler(() => Promise.resolve(skyPixels()));
  const { answer } = await handle({ ...job, seq: 1 });
  return answer.op ? rasterise([answer.op], 40, 30) : null;
}
const run = async (job: SelectJob) => {
  const g = await selected(job);
  return g ? countSet(g) : null;
};

const wand = {
  kind: 'wand',
  image,
  tolerance: 8,
  contiguous: true,
  how: 'replace',
  shown: null,
} as const;

describe('the selection worker’s jobs', () => {
  it('selects the sky with one click on the full-resolution image', async () => {
    expect(await run({ ...wand, x: 5, y: 5 })).toBe(400);
    expect(await run({ ...wand, x: 5, y: 25 })).toBe(800);
  });

  it('samples the image as shown: the mask’s colour over it splits the sky', async () => {
    const shown = { mask: mask([rect(0, 0, 20, 10)]), opacity: 0.5 };
    expect(await run({ ...wand, x: 30, y: 5, shown })).toBe(200);
  });

  it('decodes the image once for many clicks', async () => {
    const loads = { n: 0 };
    const handle = createSelectHandler(() => {
      loads.n++;
      return Promise.resolve(skyPixels());
    });
    await handle({ kind: 'load', image, seq: 1 });
    await handle({ ...wand, x: 1, y: 1, seq: 2 });
    await handle({ ...wand, x: 1, y: 20, seq: 3 });
    expect(loads.n).toBe(1);
  });

  it('grows, shrinks and feathers the mask it is given, replacing it', async () => {
    const square = mask([rect(10, 10, 20, 20)]);
    expect(await run({ kind: 'grow', px: 1, mask: square })).toBe(12 * 12 - 4);
    expect(await run({ kind: 'shrink', px: 2, mask: square })).toBe(6 * 6);
    // A 10 px square feathered by 3: its 50 % line keeps the sides and rounds the corners.
    const feathered = await selected({ kind: 'feather', px: 3, mask: square });
    const at = (x: number, y: number) => feathered?.data[y * 40 + x];
    expect([at(15, 10), at(10, 15), at(19, 15), at(15, 19), at(15, 9)]).toEqual([1, 1, 1, 1, 0]);
    expect([at(10, 10), at(19, 19)]).toEqual([0, 0]);
    expect(feathered && countSet(feathered)).toBeLessThan(100);
  });

  it('draws a grow as its runs, which cover exactly its pixels', async () => {
    const handle = createSelectHandler(() => Promise.resolve(skyPixels()));
    const two = mask([rect(10, 10, 20, 20), rect(30, 5, 35, 8)]);
    const { answer } = await handle({ kind: 'grow', px: 2, mask: two, seq: 1 });
    if (!answer.op || !answer.preview || !('runs' in answer.preview)) throw new Error('no runs');
    const drawn = rasterise([], 40, 30);
    const { runs } = answer.preview;
    for (let j = 0; j < runs.length; j += 3) {
      const row = (runs[j] ?? 0) * 40;
      drawn.data.fill(1, row + (runs[j + 1] ?? 0), row + (runs[j + 2] ?? 0) + 1);
    }
    expect(drawn.data).toEqual(rasterise([answer.op], 40, 30).data);
    expect(countSet(drawn)).toBeGreaterThan(100);
  });
});

describe('the selector', () => {
  it('works inline where there are no workers, in the order asked', async () => {
    const selector = createSelector(() => null);
    const answers: (number | null)[] = [];
    await new Promise<void>((done) => {
      selector.send({ kind: 'grow', px: 1, mask: mask([rect(10, 10, 20, 20)]) }, (a) =>
        answers.push(a.op?.width ?? null),
      );
      selector.send({ kind: 'shrink', px: 1, mask: mask([rect(10, 10, 20, 20)]) }, (a) => {
        answers.push(a.op?.width ?? null);
        done();
      });
    });
    expect(answers).toEqual([12, 8]);
  });

  it('does on the page what a failed worker held', async () => {
    class Broken implements SelectWorker {
      onmessage: SelectWorker['onmessage'] = null;
      onerror: SelectWorker['onerror'] = null;
      postMessage() {
        queueMicrotask(() => this.onerror?.(new Event('error') as ErrorEvent));
      }
      terminate() {}
    }
    const failures: [string, boolean][] = [];
    const selector = createSelector(
      () => new Broken(),
      (reason, carriedOn) => failures.push([reason, carriedOn]),
    );
    const answer = await new Promise<SelectAnswer>((done) =>
      selector.send({ kind: 'grow', px: 2, mask: mask([rect(10, 10, 20, 20)]) }, done),
    );
    expect(answer.op?.width).toBe(14);
    expect(failures).toEqual([['the background worker did not start', true]]);
  });

  it('sends a mask’s ops to its worker once, and grows the same mask as inline', async () => {
    /** Does what the worker's entry does (select-worker.ts), and keeps what it was sent. */
    class Stand implements SelectWorker {
      onmessage: SelectWorker['onmessage'] = null;
      onerror: SelectWorker['onerror'] = null;
      sent: WireSelectRequest[] = [];
      private readonly handle = createSelectHandler(() => Promise.resolve(skyPixels()));
      private readonly unship = createMaskHold();
      postMessage(req: WireSelectRequest) {
        this.sent.push(req);
        void this.handle(unshipRequest(structuredClone(req), this.unship)).then(({ answer }) =>
          this.onmessage?.({ data: answer } as MessageEvent<SelectAnswer>),
        );
      }
      terminate() {}
    }
    const stand = new Stand();
    const selector = createSelector(() => stand);
    const inline = createSelector(() => null);
    const ask = (s: typeof selector, job: SelectJob) =>
      new Promise<SelectAnswer>((done) => s.send(job, done));
    const ops = [rect(2, 2, 6, 6), rect(20, 12, 30, 20)];
    await ask(selector, { kind: 'grow', px: 1, mask: mask(ops) });
    const more = [...ops, rect(10, 22, 14, 28)];
    const grown = await ask(selector, { kind: 'grow', px: 2, mask: mask(more) });
    const second = stand.sent[1];
    expect(second?.kind === 'grow' && second.mask.ops.map((p) => typeof p)).toEqual([
      'number',
      'number',
      'object',
    ]);
    const alone = await ask(inline, { kind: 'grow', px: 2, mask: mask(more) });
    expect(grown.op && countSet(rasterise([grown.op], 40, 30))).toBe(
      alone.op && countSet(rasterise([alone.op], 40, 30)),
    );
    expect(grown.op?.bits).toEqual(alone.op?.bits);
  });

  it('finds the edge map, lowest where the sky meets the green', async () => {
    const handle = createSelectHandler(() => Promise.resolve(skyPixels()));
    const { answer, transfer } = await handle({ kind: 'edges', image, seq: 1 });
    const edges = answer.edges;
    expect(edges?.cost.length).toBe(41 * 31);
    const row = (y: number) => Array.from(edges?.cost.subarray(y * 41, y * 41 + 41) ?? []);
    expect(new Set(row(10))).toEqual(new Set([1]));
    expect(new Set(row(5))).toEqual(new Set([255]));
    expect(transfer).toEqual([edges?.cost.buffer]);
  });

  it('tries a decoding that failed again at the next request', async () => {
    let loads = 0;
    const handle = createSelectHandler(() =>
      ++loads === 1 ? Promise.reject(new Error('image 503')) : Promise.resolve(skyPixels()),
    );
    await expect(handle({ ...wand, x: 5, y: 5, seq: 1 })).rejects.toThrow('image 503');
    const { answer } = await handle({ ...wand, x: 5, y: 5, seq: 2 });
    expect(answer.op?.how).toBe('replace');
    expect(loads).toBe(2);
  });
});
