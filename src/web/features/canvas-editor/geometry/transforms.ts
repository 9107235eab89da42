import type {
  DevicePoint,
  ImagePoint,
  Placement,
  ScreenPoint,
  Size,
  StagePoint,
  Viewport,
} from './points';
import { devicePoint, imagePoint, screenPoint, stagePoint } from './points';

const ZOOM_MIN = 0.05;
const ZOOM_MAX = 16;

export const screenToStage = (p: ScreenPoint, v: Viewport): StagePoint =>
  stagePoint((p.x - v.panX) / v.zoom, (p.y - v.panY) / v.zoom);

const stageToScreen = (p: StagePoint, v: Viewport): ScreenPoint =>
  screenPoint(p.x * v.zoom + v.panX, p.y * v.zoom + v.panY);

export const screenToDevice = (p: ScreenPoint, v: Viewport): DevicePoint =>
  devicePoint(p.x * v.dpr, p.y * v.dpr);

export const deviceToScreen = (p: DevicePoint, v: Viewport): ScreenPoint =>
  screenPoint(p.x / v.dpr, p.y / v.dpr);

const stageToImage = (p: StagePoint, at: Placement, image: Size): ImagePoint =>
  imagePoint(((p.x - at.x) * image.width) / at.width, ((p.y - at.y) * image.height) / at.height);

const imageToStage = (p: ImagePoint, at: Placement, image: Size): StagePoint =>
  stagePoint(at.x + (p.x * at.width) / image.width, at.y + (p.y * at.height) / image.height);

export const screenToImage = (
  p: ScreenPoint,
  v: Viewport,
  at: Placement,
  image: Size,
): ImagePoint => stageToImage(screenToStage(p, v), at, image);

export const imageToScreen = (
  p: ImagePoint,
  v: Viewport,
  at: Placement,
  image: Size,
): ScreenPoint => stageToScreen(imageToStage(p, at, image), v);

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

/** Zooms to `zoom` keeping the stage point under `anchor` (the pointer) where it is. */
export function zoomAt(v: Viewport, anchor: ScreenPoint, zoom: number): Viewport {
  const z = clampZoom(zoom);
  const s = screenToStage(anchor, v);
  return { ...v, zoom: z, panX: anchor.x - s.x * z, panY: anchor.y - s.y * z };
}

/** The viewport that shows `content` whole and centred in `view`, with a margin. */
export function fitViewport(content: Size, view: Size, dpr: number, margin = 24): Viewport {
  const zoom = clampZoom(
    Math.min(
      (view.width - 2 * margin) / content.width,
      (view.height - 2 * margin) / content.height,
    ),
  );
  return {
    zoom,
    panX: (view.width - content.width * zoom) / 2,
    panY: (view.height - content.height * zoom) / 2,
    dpr,
  };
}

/**
 * 100%, centred: one stage pixel per device pixel, so a mask's edge can be judged pixel by
 * pixel on a high-density screen too (on one of dpr 2 that is half a CSS pixel).
 */
export function actualSizeViewport(content: Size, view: Size, dpr: number): Viewport {
  const zoom = clampZoom(1 / dpr);
  return {
    zoom,
    panX: (view.width - content.width * zoom) / 2,
    panY: (view.height - content.height * zoom) / 2,
    dpr,
  };
}

/** The zoom as the user reads it: device pixels per stage pixel, in percent. */
export const zoomPercent = (v: Viewport): number => Math.round(v.zoom * v.dpr * 100);
