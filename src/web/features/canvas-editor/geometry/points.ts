/*
 * Three coordinate spaces, each its own branded type, so a point in one cannot be passed
 * where another is expected: a mask can never be sent in screen pixels
 * (docs/house-rules.md#rule-4-the-canvas-document-is-data).
 * - Screen: CSS pixels relative to the stage's container (what pointer events give).
 * - Stage: the document's canvas space (for inpaint the image itself; for edit the canvas
 *   on which the image sits at `imgPos`).
 * - Image: the source image's pixels.
 * Device pixels (screen × dpr) exist only for the backing store and never reach the model.
 */
declare const brand: unique symbol;
type Branded<S extends string> = { readonly x: number; readonly y: number; readonly [brand]: S };

export type ScreenPoint = Branded<'screen'>;
export type StagePoint = Branded<'stage'>;
export type ImagePoint = Branded<'image'>;
export type DevicePoint = Branded<'device'>;

export const screenPoint = (x: number, y: number) => ({ x, y }) as ScreenPoint;
export const stagePoint = (x: number, y: number) => ({ x, y }) as StagePoint;
export const imagePoint = (x: number, y: number) => ({ x, y }) as ImagePoint;
export const devicePoint = (x: number, y: number) => ({ x, y }) as DevicePoint;

/** How the stage is shown: `zoom` screen px per stage unit, `pan` the stage origin on screen. */
export interface Viewport {
  zoom: number;
  panX: number;
  panY: number;
  /** Device pixels per CSS pixel. */
  dpr: number;
}

/** Where the image lies in stage space (the edit request's `imgPos`; for inpaint the image). */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}
