import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StudioError } from '@/contract/studio-api';
import { createRedactor } from '../log';
import { createLogger } from '@/server/log';
import type { NormalisedImage } from '../uploads/normalise';
import { studioErrorHandler } from './on-error';
import { uploadRoutes } from './uploads';

describe('uploads when the upstream cannot fetch them', () => {
  it('are refused with the reason, and nothing is stored', async () => {
    const saved: NormalisedImage[] = [];
    const app = new Hono();
    const redact = createRedactor([]);
    app.route(
      '/',
      uploadRoutes({
        uploads: {
          save: (image) => {
            saved.push(image);
            return Promise.reject(new Error('an upload was stored'));
          },
        },
        reach: { uploadsBlocked: 'PUBLIC_URL is a loopback address, but ...' },
        publicUrl: () => 'http://127.0.0.1:1',
        log: createLogger({ level: 'silent' }),
        maxBytes: 1024,
        maxPixels: 100,
      }),
    );
    app.onError(studioErrorHandler(redact, createLogger({ level: 'silent' })));
    // An image the studio would otherwise keep.
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const res = await app.request('/', {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: StudioError };
    expect(body.error).toMatchObject({
      code: 'uploads_unavailable',
      message: 'PUBLIC_URL is a loopback address, but ...',
    });
    expect(body.error.hint).toMatch(/PUBLIC_URL/);
    expect(saved).toEqual([]);
  });
});
