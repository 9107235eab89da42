import type { VideoSize } from './ffmpeg';

/*
 * Camera moves over a still picture. A view is the part of the picture the camera sees:
 * its centre as fractions of the picture (0.5, 0.5 is the middle) and its scale (1 is the
 * whole picture, below 1 zoomed in, above 1 zoomed out beyond the edges). Every move
 * starts at the whole picture, so a clip's first frame is its source image.
 */

export const CAMERA_MOVES = ['zoom-in', 'zoom-out', 'pan-left', 'pan-right'] as const;
export type CameraMove = (typeof CAMERA_MOVES)[number];

export interface View {
  cx: number;
  cy: number;
  scale: number;
}

export interface MotionSpec {
  move: CameraMove;
  /** `--motion high` moves the camera further in the same time. */
  high: boolean;
  /** `--raw`: a plain linear move; otherwise eased, with a slight hand-held float. */
  raw: boolean;
  /** Picks the zoom's focal point and the float's phase, so a seed repeats a clip. */
  seed: number;
}

/** How far each move goes over a clip: a fraction of the picture. */
const AMOUNT = { low: 0.12, high: 0.32 };
/** The float of a non-raw camera: a fraction of the picture's height. */
const FLOAT = 0.004;
/**
 * The picture is extended on every side by this fraction (mirrored, softened) so a
 * zoom-out or a pan can look past its edges; it covers the largest move above.
 */
export const MARGIN = 0.2;

const easeInOut = (t: number): number => (1 - Math.cos(Math.PI * t)) / 2;

/** A number in [-1, 1) from the seed and a salt, stable across runs. */
function unit(seed: number, salt: number): number {
  const x = Math.sin((seed >>> 0) * 12.9898 + salt * 78.233) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

/** The camera's view at `t` (0 at the first frame, 1 at the last). */
export function viewAt(m: MotionSpec, t: number): View {
  const e = m.raw ? t : easeInOut(t);
  const a = m.high ? AMOUNT.high : AMOUNT.low;
  const float = m.raw ? 0 : FLOAT * Math.sin(2 * Math.PI * t + unit(m.seed, 3) * Math.PI) * t;
  switch (m.move) {
    case 'zoom-in': {
      const scale = 1 - a * e;
      // Drift toward a focal point off the centre; it stays inside the picture.
      const fx = 0.5 + unit(m.seed, 1) * 0.25 * (1 - scale);
      const fy = 0.5 + unit(m.seed, 2) * 0.25 * (1 - scale);
      return { cx: fx, cy: fy + float, scale };
    }
    case 'zoom-out':
      return { cx: 0.5, cy: 0.5 + float, scale: 1 + a * e };
    case 'pan-left':
    case 'pan-right': {
      // A slight push-in keeps most of the view inside the picture while it slides.
      const dir = m.move === 'pan-left' ? -1 : 1;
      return { cx: 0.5 + (dir * a * e) / 2, cy: 0.5 + float, scale: 1 - (a * e) / 2 };
    }
  }
}

/** Frames of a clip of `seconds` at `fps`. */
export const frameCount = (seconds: number, fps: number): number => Math.round(seconds * fps);

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

/**
 * The clip size for a picture: the short side is `shortSide` (480 or 720), the long side
 * keeps the picture's proportions; both even, as yuv420p needs.
 */
export function clipSize(picture: VideoSize, shortSide: number): VideoSize {
  const { width, height } = picture;
  if (width >= height) return { width: even((shortSide * width) / height), height: shortSide };
  return { width: shortSide, height: even((shortSide * height) / width) };
}
