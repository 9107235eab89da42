import type { BaseMask, MaskOp, MaskState } from './document';

/** Snapshots kept for undo. Each shares the document's immutable ops and base mask. */
export const HISTORY_LIMIT = 100;
/**
 * When the ops outgrow this, the oldest HISTORY_LIMIT of them are flattened into the base
 * mask, in a worker. No snapshot is changed, so undo reaches as far back as before; what a
 * long session keeps is a few base masks and about BAKE_AT + HISTORY_LIMIT ops.
 */
export const BAKE_AT = 2 * HISTORY_LIMIT;

/**
 * One flattening: `to` holds exactly the pixels of `from` with `ops` painted over it. The
 * editor keeps only the latest, so that older base masks can be let go.
 */
export interface Bake {
  from: BaseMask | null;
  ops: readonly MaskOp[];
  to: BaseMask;
}

/** Whether `ops` begins with the very ops of `prefix` (the same objects, in order). */
export const startsWith = (ops: readonly MaskOp[], prefix: readonly MaskOp[]): boolean =>
  ops.length >= prefix.length && prefix.every((op, i) => ops[i] === op);

/**
 * The ops to flatten into the base now, with the base they make when `last` already
 * flattened the very same ops over the same base (reused: one base per set of pixels);
 * null while the mask is short enough, or when it is a state reached by undo (`newest`
 * false), which is history and is left as it was.
 */
export function bakeDue(
  mask: MaskState,
  newest: boolean,
  last: Bake | null,
): { ops: readonly MaskOp[]; done: BaseMask | null } | null {
  if (!newest || mask.ops.length <= BAKE_AT) return null;
  const ops = mask.ops.slice(0, HISTORY_LIMIT);
  const same = last?.from === mask.base && last.ops.length === ops.length;
  return { ops, done: same && startsWith(ops, last.ops) ? last.to : null };
}

/**
 * The same pixels as `mask`, said as ops over `base`: its own ops when the base is the
 * same, or moved across `bake` in either direction. Null when `bake` does not link them.
 */
export function restate(
  mask: { base: BaseMask | null; ops: readonly MaskOp[] },
  base: BaseMask | null,
  bake: Bake | null,
): readonly MaskOp[] | null {
  if (mask.base === base) return mask.ops;
  if (!bake) return null;
  if (mask.base === bake.to && base === bake.from) return [...bake.ops, ...mask.ops];
  if (mask.base === bake.from && base === bake.to && startsWith(mask.ops, bake.ops)) {
    return mask.ops.slice(bake.ops.length);
  }
  return null;
}
