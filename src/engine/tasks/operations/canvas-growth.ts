import type { Padding } from '@/engine/media/image-ops/extend-canvas';

interface Size {
  width: number;
  height: number;
}

/** Zoom out: the canvas is `scale` times the image, which stays centred. */
export function zoomOutPadding(image: Size, scale: number): Padding {
  const extraW = Math.round(image.width * scale) - image.width;
  const extraH = Math.round(image.height * scale) - image.height;
  const left = Math.floor(extraW / 2);
  const top = Math.floor(extraH / 2);
  return { left, right: extraW - left, top, bottom: extraH - top };
}

/** Pan: direction 0 down, 1 right, 2 up, 3 left; that side grows to `scale` times. */
export function panPadding(image: Size, direction: number, scale: number): Padding {
  const pad: Padding = { top: 0, bottom: 0, left: 0, right: 0 };
  const grow = (side: number) => Math.round(side * scale) - side;
  if (direction === 0) pad.bottom = grow(image.height);
  else if (direction === 1) pad.right = grow(image.width);
  else if (direction === 2) pad.top = grow(image.height);
  else pad.left = grow(image.width);
  return pad;
}

export const grownSize = (image: Size, pad: Padding): Size => ({
  width: image.width + pad.left + pad.right,
  height: image.height + pad.top + pad.bottom,
});
