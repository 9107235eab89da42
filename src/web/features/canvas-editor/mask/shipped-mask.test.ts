import { describe, expect, it } from 'vitest';
import { imagePoint } from '../geometry/points';
import type { MaskOp } from '../model/document';
import type { Grid } from './grid';
import type { MaskInput } from './shipped-mask';
import { createMaskHold, createMaskShipper } from './shipped-mask';

const rect = (x: number): MaskOp => ({
  type: 'shape',
  kind: 'rect',
  points: [imagePoint(x, 0), imagePoint(x + 5, 5)],
});
const mask = (ops: MaskOp[], base: Grid | null = null): MaskInput => ({
  base,
  ops,
  width: 40,
  height: 30,
});
/** Both sides, with a structured clone between them, as a message is copied. */
function wire() {
  const ship = createMaskShipper();
  const unship = createMaskHold();
  return (m: MaskInput) => {
    const shipped = ship(m);
    return { shipped, got: unship(structuredClone(shipped)) };
  };
}
const whole = (parts: unknown[]) => parts.map((p) => typeof p !== 'number');

describe('masks shipped to a worker', () => {
  it('sends each op once, and later names it by number', () => {
    const send = wire();
    const [a, b, c] = [rect(0), rect(10), rect(20)] as const;
    const first = send(mask([a, b]));
    expect(whole(first.shipped.ops)).toEqual([true, true]);
    expect(first.got).toEqual(mask([a, b]));
    const second = send(mask([a, b, c]));
    expect(whole(second.shipped.ops)).toEqual([false, false, true]);
    expect(second.got).toEqual(mask([a, b, c]));
  });

  it('sends again an op the worker let go: undone, then redone', () => {
    const send = wire();
    const [a, b, c] = [rect(0), rect(10), rect(20)] as const;
    send(mask([a, b, c]));
    const undone = send(mask([a, b]));
    expect(whole(undone.shipped.ops)).toEqual([false, false]);
    // The worker keeps only what the last mask named: c went, so it comes whole again.
    const redone = send(mask([a, b, c]));
    expect(whole(redone.shipped.ops)).toEqual([false, false, true]);
    expect(redone.got).toEqual(mask([a, b, c]));
  });

  it('sends a base mask once too', () => {
    const send = wire();
    const base: Grid = { width: 40, height: 30, data: new Uint8Array(1200).fill(1) };
    const op = rect(0);
    expect(typeof send(mask([op], base)).shipped.base).toBe('object');
    const again = send(mask([op], base));
    expect(typeof again.shipped.base).toBe('number');
    expect(again.got.base?.data).toEqual(base.data);
  });

  it('says so when a part was never sent (a worker that is not the one shipped to)', () => {
    const ship = createMaskShipper();
    const op = rect(0);
    ship(mask([op]));
    const named = ship(mask([op]));
    expect(() => createMaskHold()(named)).toThrow(/never sent/);
  });

  it('copies a long session’s mask a part at a time: a Grow after 60 wand clicks', () => {
    const ship = createMaskShipper();
    const click = (i: number): MaskOp => ({
      type: 'pixels',
      how: 'add',
      x: 0,
      y: i,
      width: 2048,
      height: 740,
      bits: new Uint8Array(189_440),
    });
    const ops: MaskOp[] = [];
    let largest = 0;
    for (let i = 0; i < 60; i++) {
      ops.push(click(i));
      // The trace after each click is a message with the mask.
      const shipped = ship(mask([...ops]));
      let bytes = 0;
      for (const p of shipped.ops) {
        bytes += typeof p === 'number' ? 8 : p.value.type === 'pixels' ? p.value.bits.length : 0;
      }
      largest = Math.max(largest, bytes);
    }
    // Each message carries the newest op's bits and numbers for the rest, not 11 MB.
    expect(largest).toBeLessThan(200_000);
  });
});
