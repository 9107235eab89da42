import * as z from 'zod/mini';
import type { ImagePoint } from '../geometry/points';

/*
 * The editor's document: plain, serialisable data checked with zod
 * (docs/house-rules.md#rule-4-the-canvas-document-is-data).
 * react-konva only draws it. Mask operations are kept in order because an eraser or an
 * invert only means something relative to what came before it.
 */
const imagePointSchema = z.pipe(
  z.object({ x: z.number(), y: z.number() }),
  z.transform((p) => p as ImagePoint),
);

const strokeSchema = z.object({
  type: z.literal('stroke'),
  tool: z.enum(['brush', 'eraser']),
  /** Diameter in image pixels. */
  size: z.number().check(z.positive()),
  points: z.array(imagePointSchema).check(z.minLength(1)),
});

const shapeSchema = z.object({
  type: z.literal('shape'),
  kind: z.enum(['rect', 'polygon', 'lasso']),
  /** A rect is its two corners; polygon and lasso their outline. */
  points: z.array(imagePointSchema).check(z.minLength(2)),
  erase: z.optional(z.boolean()),
});

/** Turns the mask made so far inside out; what is painted after it adds to the new mask. */
const invertSchema = z.object({ type: z.literal('invert') });

const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array);

/**
 * A selection in image pixels (a magic wand click, or the mask grown, shrunk or feathered):
 * the pixels of a box, packed 8 to a byte (row-major, most significant bit first), that
 * replace the whole mask, add to it or cut it. `feather` is how soft the preview draws its
 * edge; the bits are what is sent (the half-way line of that soft edge).
 */
const pixelsSchema = z
  .object({
    type: z.literal('pixels'),
    how: z.enum(['replace', 'add', 'subtract']),
    x: z.number().check(z.int(), z.nonnegative()),
    y: z.number().check(z.int(), z.nonnegative()),
    width: z.number().check(z.int(), z.nonnegative()),
    height: z.number().check(z.int(), z.nonnegative()),
    bits: bytes,
    feather: z.optional(z.number().check(z.positive())),
  })
  .check(
    z.refine((p) => p.bits.length === Math.ceil((p.width * p.height) / 8), {
      message: 'pixels bits must hold width × height bits',
    }),
  );

const maskOpSchema = z.discriminatedUnion('type', [
  strokeSchema,
  shapeSchema,
  invertSchema,
  pixelsSchema,
]);
export type Stroke = z.infer<typeof strokeSchema>;
export type PixelsOp = z.infer<typeof pixelsSchema>;
export type Shape = z.infer<typeof shapeSchema>;
export type MaskOp = z.infer<typeof maskOpSchema>;

const editorModeSchema = z.enum(['inpaint', 'edit', 'upload-paint']);
export type EditorMode = z.infer<typeof editorModeSchema>;

const side = z.number().check(z.int(), z.positive());

/**
 * The mask of ops that left the undo window, flattened at image resolution (1 = repaint),
 * so a long session keeps a bounded list of ops. Same shape as the tracer's Grid.
 */
const baseMaskSchema = z.object({ width: side, height: side, data: bytes }).check(
  z.refine((b) => b.data.length === b.width * b.height, {
    message: 'base mask data must hold width × height bytes',
  }),
);
export type BaseMask = z.infer<typeof baseMaskSchema>;

export const editorDocumentSchema = z.object({
  image: z.object({ url: z.string().check(z.minLength(1)), width: side, height: side }),
  mode: editorModeSchema,
  canvas: z.object({ width: side, height: side }),
  imgPos: z.object({
    x: z.number().check(z.int()),
    y: z.number().check(z.int()),
    width: side,
    height: side,
  }),
  base: z.nullable(baseMaskSchema),
  ops: z.array(maskOpSchema),
});
export type EditorDocument = z.infer<typeof editorDocumentSchema>;

/** A new document: the canvas is the image, the image fills it. */
export function newDocument(image: EditorDocument['image'], mode: EditorMode): EditorDocument {
  const { width, height } = image;
  return {
    image,
    mode,
    canvas: { width, height },
    imgPos: { x: 0, y: 0, width, height },
    base: null,
    ops: [],
  };
}

/** The mask part of a document: what undo and redo move between. */
export type MaskState = Pick<EditorDocument, 'base' | 'ops'>;
