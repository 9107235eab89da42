/** A real PNG of `width` × `height`: a blue field with a white square in its middle. */
async function pngBlob(width = 64, height = 48): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = '#1d4ed8';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.convertToBlob({ type: 'image/png' });
}

export async function pngFile(name = 'photo.png', width?: number, height?: number) {
  return new File([await pngBlob(width, height)], name, { type: 'image/png' });
}

/** The same PNG as a data: URL, for an <img> or the editor to load without a server. */
export async function pngDataUrl(width?: number, height?: number): Promise<string> {
  const blob = await pngBlob(width, height);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the PNG'));
    reader.readAsDataURL(blob);
  });
}
