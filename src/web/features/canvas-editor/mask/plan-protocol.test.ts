import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import { planMask } from './areas';
import { rasterise } from './grid';
import type { TraceRequest } from './plan-protocol';
import { createTraceSequence, handleTraceRequest } from './plan-protocol';

const dot = (x: number, y: number, size: number): MaskOp => ({
  type: 'stroke',
  tool: 'brush',
  size,
  points: [imagePoint(x, y)],
});
const disc = [dot(400, 300, 300)];
/** Scattered specks no polygon set can follow: the plan is an image. */
const specks = Array.from({ length: 100 }, (_, i) =>
  dot(5 + (i % 10) * 70, 5 + Math.floor(i / 10) * 55, 2),
);

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** What the page receives: the answer as postMessage would deliver it. */
function overTheWire(req: TraceRequest) {
  const { answer, transfer } = handleTraceRequest(structuredClone(req));
  const sent = answer.plan.kind === 'image' ? answer.plan.grid.data : null;
  return { received: structuredClone(answer, { transfer }), sent };
}

describe('trace requests', () => {
  it('answers with the plan planMask gives for the same input, under the same number', () => {
    const base = rasterise([dot(100, 100, 60)], 800, 600);
    const { received } = overTheWire({ seq: 7, ops: disc, base, width: 800, height: 600 });
    expect(received.seq).toBe(7);
    expect(received.plan).toEqual(planMask(disc, 800, 600, base));
    expect(received.plan.kind).toBe('areas');
  });

  it('transfers the image plan grid and it arrives intact', () => {
    const req = { seq: 1, ops: specks, base: null, width: 800, height: 600 };
    const { received, sent } = overTheWire(req);
    const expected = planMask(specks, 800, 600);
    if (received.plan.kind !== 'image' || expected.kind !== 'image') throw new Error('not image');
    expect(sent?.byteLength).toBe(0); // moved, not copied: the worker's copy is detached
    expect(received.plan.grid.width).toBe(800);
    expect(received.plan.grid.height).toBe(600);
    // Byte comparison: toEqual walks 480 000 elements one by one and takes seconds.
    expect(sameBytes(received.plan.grid.data, expected.grid.data)).toBe(true);
    expect(sameBytes(received.plan.grid.data, rasterise(specks, 800, 600).data)).toBe(true);
  });

  it('transfers nothing for plans without a grid', () => {
    const empty = handleTraceRequest({ seq: 1, ops: [], base: null, width: 80, height: 60 });
    expect(empty.answer.plan).toEqual({ kind: 'empty' });
    expect(empty.transfer).toEqual([]);
  });
});

describe('trace sequence', () => {
  const empty = { kind: 'empty' } as const;

  it('drops answers to requests that a newer one replaced', () => {
    const s = createTraceSequence();
    const first = s.request();
    const second = s.request();
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(s.answered({ seq: first.seq, plan: empty })).toBeNull();
    expect(s.answered({ seq: second.seq, plan: empty })).toBe(empty);
  });

  it('asks for a restart only while an older trace is still running', () => {
    const s = createTraceSequence();
    expect(s.request().restart).toBe(false);
    const busy = s.request();
    expect(busy.restart).toBe(true);
    s.answered({ seq: busy.seq, plan: empty });
    expect(s.request().restart).toBe(false);
    s.stopped();
    expect(s.request().restart).toBe(false);
  });
});
