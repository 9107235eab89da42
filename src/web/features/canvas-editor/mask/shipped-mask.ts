import type { MaskOp } from '../model/document';
import type { Grid } from './grid';

/** The mask as the document holds it: ops over a base, at image resolution. */
export interface MaskInput {
  base: Grid | null;
  ops: readonly MaskOp[];
  width: number;
  height: number;
}

/** A part of a mask (an op or the base) sent whole with its number, or named by it. */
type Part<T> = number | { id: number; value: T };

/** A mask as it goes to a worker: each part the worker does not hold yet is sent whole. */
export interface ShippedMask {
  base: Part<Grid> | null;
  ops: Part<MaskOp>[];
  width: number;
  height: number;
}

/*
 * Masks to a worker with each op's and base's bytes sent once. Copying a mask into a
 * message costs the page's thread about 6 ms a megabyte here, and the ops of a session of
 * wand clicks (a sky's op is 190 KB) are megabytes: sixty of them held the page for 70 ms
 * at every Grow. Both sides keep exactly the parts the last mask named: the worker reads
 * its messages in the order they were sent, so the page knows what it holds.
 */

/** The page's side, for one worker (a new worker needs a new shipper). */
export function createMaskShipper(): (mask: MaskInput) => ShippedMask {
  const ids = new WeakMap<Grid | MaskOp, number>();
  let next = 0;
  let held = new Set<number>();
  return (mask) => {
    const now = new Set<number>();
    const part = <T extends Grid | MaskOp>(value: T): Part<T> => {
      let id = ids.get(value);
      if (id === undefined) {
        id = ++next;
        ids.set(value, id);
      }
      now.add(id);
      return held.has(id) ? id : { id, value };
    };
    const shipped = {
      base: mask.base && part(mask.base),
      ops: mask.ops.map(part),
      width: mask.width,
      height: mask.height,
    };
    held = now;
    return shipped;
  };
}

const isOp = (part: Grid | MaskOp): part is MaskOp => 'type' in part;

/** The worker's side: the mask again from a shipped one, with the parts it names. */
export function createMaskHold(): (mask: ShippedMask) => MaskInput {
  let held = new Map<number, Grid | MaskOp>();
  return (mask) => {
    const now = new Map<number, Grid | MaskOp>();
    const take = (part: Part<Grid | MaskOp>): Grid | MaskOp => {
      const id = typeof part === 'number' ? part : part.id;
      const value = typeof part === 'number' ? held.get(part) : part.value;
      if (value === undefined) throw new Error(`part ${id} of the mask was never sent`);
      now.set(id, value);
      return value;
    };
    const base = mask.base === null ? null : take(mask.base);
    const ops = mask.ops.map(take);
    held = now;
    if ((base && isOp(base)) || !ops.every(isOp)) throw new Error('a part of the mask is amiss');
    return { base, ops, width: mask.width, height: mask.height };
  };
}
