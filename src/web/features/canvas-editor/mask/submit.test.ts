import { describe, expect, it } from 'vitest';
import { editRequestSchema } from '@/contract/requests/edit';
import { inpaintRequestSchema } from '@/contract/requests/inpaint';
import { uploadPaintRequestSchema } from '@/contract/requests/upload-paint';
import { imagePoint } from '../geometry/points';
import { newDocument } from '../model/document';
import { countSet } from './grid';
import { planMask, rasteriseAreas } from './areas';
import { editorCreate } from './submit';

const request = {
  jobId: 'abc123',
  imageNo: 1,
  mode: 'inpaint' as const,
  imageUrl: '/m',
  prompt: 'p',
};
const jobId = '00000000-0000-4000-8000-000000000000';
const noUpload = () => Promise.reject(new Error('no upload expected'));

describe('editor create body', () => {
  it('inpaint carries a mask the contract accepts', async () => {
    const doc = newDocument({ url: '/m', width: 1024, height: 1024 }, 'inpaint');
    doc.ops = [
      { type: 'shape', kind: 'rect', points: [imagePoint(100, 100), imagePoint(300, 200)] },
    ];
    const body = await editorCreate(
      request,
      doc,
      planMask(doc.ops, 1024, 1024),
      ' a cat ',
      noUpload,
    );
    expect(body).toMatchObject({ operation: 'inpaint', parentId: 'abc123' });
    expect(inpaintRequestSchema.safeParse({ ...body.params, jobId }).success).toBe(true);
  });

  it('edit carries canvas and imgPos, and no mask when none is painted', async () => {
    const doc = newDocument({ url: '/m', width: 1024, height: 1024 }, 'edit');
    doc.canvas = { width: 1920, height: 1080 };
    doc.imgPos = { x: 448, y: 28, width: 1024, height: 1024 };
    const body = await editorCreate(
      { ...request, mode: 'edit' },
      doc,
      planMask([], 1024, 1024),
      'x',
      noUpload,
    );
    expect(body.params).toEqual({
      imageNo: 1,
      remixPrompt: 'x',
      canvas: { width: 1920, height: 1080 },
      imgPos: { x: 448, y: 28, width: 1024, height: 1024 },
    });
    expect(editRequestSchema.safeParse({ ...body.params, jobId }).success).toBe(true);
  });

  const upload = {
    mode: 'upload-paint' as const,
    imgUrl: 'https://studio.example/u/AAAAAAAAAAAAAAAAAAAAAA.png',
    imageUrl: '/u/AAAAAAAAAAAAAAAAAAAAAA.png',
  };

  it('upload-paint sends the upload, canvas, imgPos and a mask in the image frame, no parent', async () => {
    const doc = newDocument({ url: upload.imageUrl, width: 600, height: 400 }, 'upload-paint');
    doc.canvas = { width: 1200, height: 800 };
    doc.imgPos = { x: 100, y: 50, width: 900, height: 600 };
    doc.ops = [{ type: 'shape', kind: 'rect', points: [imagePoint(300, 0), imagePoint(600, 200)] }];
    const body = await editorCreate(upload, doc, planMask(doc.ops, 600, 400), ' sea ', noUpload);
    expect(body).toEqual({
      operation: 'upload-paint',
      params: {
        imgUrl: upload.imgUrl,
        canvas: { width: 1200, height: 800 },
        imgPos: { x: 100, y: 50, width: 900, height: 600 },
        mask: { areas: expect.any(Array) },
        remixPrompt: 'sea',
      },
    });
    const sent = uploadPaintRequestSchema.parse(body.params);
    // Filled back at the image's own size, the areas are the painted quarter: the frame
    // is the image's, not the canvas's, however the image was moved.
    const filled = rasteriseAreas(sent.mask.areas ?? [], 600, 400);
    expect(countSet(filled)).toBe(300 * 200);
    expect(filled.data[150 * 600 + 450]).toBe(1);
    expect(filled.data[250 * 600 + 450]).toBe(0);
  });

  it('upload-paint refuses to send without a mask, which the contract requires', async () => {
    const doc = newDocument({ url: upload.imageUrl, width: 600, height: 400 }, 'upload-paint');
    await expect(
      editorCreate(upload, doc, planMask([], 600, 400), 'sea', noUpload),
    ).rejects.toThrow(/paint the region/);
  });
});
