import { CANVAS_SIDE_MAX } from '@/contract/requests/limits';
import type { EditorDocument } from './document';

export const CANVAS_PRESETS = [
  { id: '1:1', w: 1, h: 1 },
  { id: '16:9', w: 16, h: 9 },
  { id: '9:16', w: 9, h: 16 },
  { id: '4:3', w: 4, h: 3 },
  { id: '3:2', w: 3, h: 2 },
] as const;

const clampSide = (n: number): number =>
  Math.min(CANVAS_SIDE_MAX, Math.max(1, Math.round(Number.isFinite(n) ? n : 1)));

/**
 * A canvas side typed by the user: the pixels, or the message that says what is allowed.
 * The same bounds as the contract's `canvas`.
 */
export function parseSide(label: string, text: string): number | { error: string } {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 1 || n > CANVAS_SIDE_MAX)
    return { error: `${label} must be a whole number of pixels from 1 to ${CANVAS_SIDE_MAX}.` };
  return n;
}

/**
 * A preset extends the canvas: the smallest canvas of aspect `w`:`h` that holds the image
 * whole at its current size, the image centred on it. Only when that canvas would pass
 * the limit (4096) are both scaled down together, so the image is never cropped.
 */
export function presetLayout(doc: Pick<EditorDocument, 'imgPos'>, w: number, h: number) {
  const { width: iw, height: ih } = doc.imgPos;
  const wide = iw * h >= ih * w;
  const cw = wide ? iw : (ih * w) / h;
  const ch = wide ? (iw * h) / w : ih;
  const scale = Math.min(1, CANVAS_SIDE_MAX / Math.max(cw, ch));
  const canvas = { width: clampSide(cw * scale), height: clampSide(ch * scale) };
  const size = { width: clampSide(iw * scale), height: clampSide(ih * scale) };
  return { canvas, imgPos: centred({ imgPos: { x: 0, y: 0, ...size } }, canvas) };
}

/** The image at its current size, centred on `canvas`. */
export function centred(
  doc: Pick<EditorDocument, 'imgPos'>,
  canvas: EditorDocument['canvas'],
): EditorDocument['imgPos'] {
  const { width, height } = doc.imgPos;
  return {
    x: Math.round((canvas.width - width) / 2),
    y: Math.round((canvas.height - height) / 2),
    width,
    height,
  };
}
