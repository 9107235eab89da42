import type { MaskOp } from '../model/document';
import type { Grid } from './grid';
import { rasterise } from './grid';

/** What the page asks the bake worker: flatten these ops into this base at this size. */
export interface BakeRequest {
  seq: number;
  ops: readonly MaskOp[];
  base: Grid | null;
  width: number;
  height: number;
}

/** The new base, tagged with the request it answers. */
export interface BakeAnswer {
  seq: number;
  base: Grid;
}

/** The worker's whole job; the new base's bytes are transferred, not copied. */
export function handleBakeRequest(msg: BakeRequest): {
  answer: BakeAnswer;
  transfer: Transferable[];
} {
  const base = rasterise(msg.ops, msg.width, msg.height, msg.base);
  return { answer: { seq: msg.seq, base }, transfer: [base.data.buffer] };
}
