import { describe, expect, it } from 'vitest';
import { editRequestSchema } from '../../../../contract/requests/edit';
import { inpaintRequestSchema } from '../../../../contract/requests/inpaint';
import { imagePoint } from '../geometry/points';
import { newDocument } from '../model/document';
import { planMask } from './areas';
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
});
