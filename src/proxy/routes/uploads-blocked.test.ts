import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { StudioError } from '@/contract/studio-api';
import { createLogger, createRedactor } from '../log';
import { migrate } from '../store/migrations';
import { UploadStore } from '../store/uploads';
import { studioErrorHandler } from './on-error';
import { uploadRoutes } from './uploads';

describe('uploads when the upstream cannot fetch them', () => {
  it('are refused with the reason', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uploads-off-'));
    const db = new Database(':memory:');
    migrate(db);
    const app = new Hono();
    const redact = createRedactor([]);
    app.route(
      '/',
      uploadRoutes({
        uploads: new UploadStore(db, dir, 1024 * 1024),
        reach: { uploadsBlocked: 'PUBLIC_URL is a loopback address, but ...' },
        publicUrl: () => 'http://127.0.0.1:1',
        log: createLogger(redact),
        maxBytes: 1024,
        maxPixels: 100,
      }),
    );
    app.onError(studioErrorHandler(redact, createLogger(redact)));
    const res = await app.request('/', { method: 'POST', body: 'x' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: StudioError };
    expect(body.error).toMatchObject({ code: 'uploads_unavailable' });
    expect(body.error.hint).toMatch(/PUBLIC_URL/);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
