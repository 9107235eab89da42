import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import type { BakeAnswer, BakeRequest } from './bake-protocol';
import { handleBakeRequest } from './bake-protocol';
import type { BakeWorker } from './baker';
import { createMaskBaker } from './baker';
import type { Grid } from './grid';
import { rasterise } from './grid';

const dot = (x: number, y: number, size: number): MaskOp => ({
  type: 'stroke',
  tool: 'brush',
  size,
  points: [imagePoint(x, y)],
});
const ops = [dot(40, 40, 30), dot(120, 80, 50)];
const base = rasterise([dot(300, 200, 60)], 400, 300);
const input = { ops, base, width: 400, height: 300 };

/** A worker that flattens only when the test says so, answering as postMessage would. */
class FakeWorker implements BakeWorker {
  onmessage: BakeWorker['onmessage'] = null;
  onerror: BakeWorker['onerror'] = null;
  inbox: BakeRequest[] = [];
  postMessage(message: BakeRequest) {
    this.inbox.push(structuredClone(message));
  }
  terminate() {}
  finish() {
    const req = this.inbox.shift();
    if (!req) throw new Error('nothing to flatten');
    const { answer, transfer } = handleBakeRequest(req);
    this.onmessage?.({ data: structuredClone(answer, { transfer }) } as MessageEvent<BakeAnswer>);
  }
}

describe('mask baker', () => {
  it('flattens in its worker to exactly the pixels of the ops over the base', () => {
    const worker = new FakeWorker();
    const baker = createMaskBaker(() => worker);
    const got: Grid[] = [];
    expect(baker.bake(input, (g) => got.push(g))).toBe(true);
    expect(got).toHaveLength(0);
    // One at a time: a second request while the first runs is refused, not queued.
    expect(baker.bake(input, (g) => got.push(g))).toBe(false);
    worker.finish();
    expect(got).toHaveLength(1);
    expect(got[0]?.data).toEqual(rasterise(ops, 400, 300, base).data);
    // The base it was given is untouched: undo snapshots still hold it.
    expect(base.data).toEqual(rasterise([dot(300, 200, 60)], 400, 300).data);
    expect(baker.bake(input, (g) => got.push(g))).toBe(true);
  });

  it('flattens on the page when the worker fails, and inline where there are no workers', () => {
    const worker = new FakeWorker();
    const failures: [string, boolean][] = [];
    const baker = createMaskBaker(
      () => worker,
      (reason, carriedOn) => failures.push([reason, carriedOn]),
    );
    const got: Grid[] = [];
    baker.bake(input, (g) => got.push(g));
    worker.onerror?.({ message: 'Uncaught Error: out of memory' } as ErrorEvent);
    expect(failures).toEqual([['out of memory', true]]);
    expect(got[0]?.data).toEqual(rasterise(ops, 400, 300, base).data);
    createMaskBaker(() => null).bake(input, (g) => got.push(g));
    expect(got).toHaveLength(2);
  });

  it('drops the answer of a flattening stopped by closing the editor', () => {
    const worker = new FakeWorker();
    const baker = createMaskBaker(() => worker);
    const got: Grid[] = [];
    baker.bake(input, (g) => got.push(g));
    baker.dispose();
    worker.finish();
    expect(got).toHaveLength(0);
  });
});
