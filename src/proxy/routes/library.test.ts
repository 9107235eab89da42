import { existsSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manifestSchema } from '@/contract/exports';
import { lineageTreeSchema } from '@/contract/lineage-tree';
import type { Job } from '@/contract/studio-api';
import { Stack } from '../test/harness';
import { settledJob } from '../test/settled';

/** The library's routes: thumbnails, the ZIP export and the lineage tree. */
let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(() => stack.stopChecked());

const settled = (body: unknown): Promise<Job> => settledJob(stack, body);

describe('thumbnails', () => {
  it('serves a small WebP of each image, cached for good, and drops it with the job', async () => {
    const job = await settled({ operation: 'diffusion', params: { text: 'a lighthouse' } });
    const res = await stack.call(`/media/${job.id}/2/thumb`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const full = await stack.call(`/media/${job.id}/2`);
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(res.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(384);
    // (The size against the original is checked on a photo-like image in media/thumbs.test.ts.)

    const etag = res.headers.get('etag') ?? '';
    const again = await stack.call(`/media/${job.id}/2/thumb`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const dir = path.join(stack.dataDir, 'thumbs', job.id);
    expect(existsSync(dir)).toBe(true);
    expect((await stack.call(`/studio-api/jobs/${job.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(existsSync(dir)).toBe(false);
    expect((await stack.call(`/media/${job.id}/2/thumb`)).status).toBe(404);
  });

  it('answers 404 for a video, a running job and a bad key', async () => {
    const parent = await settled({ operation: 'diffusion', params: { text: 'x' } });
    const video = await settled({
      operation: 'video-diffusion',
      parentId: parent.id,
      params: { imageNo: 0 },
    });
    for (const p of [
      `/media/${video.id}/0/thumb`,
      `/media/${parent.id}/x/thumb`,
      '/media/AAAAAAAAAAAA/0/thumb',
    ]) {
      expect((await stack.call(p)).status).toBe(404);
    }
  });
});

describe('GET /studio-api/exports/results.zip', () => {
  it('streams the chosen jobs’ outputs with a manifest of their lineage', async () => {
    const root = await settled({ operation: 'diffusion', params: { text: 'zip me please' } });
    const up = await settled({ operation: 'upscale', parentId: root.id, params: { imageNo: 1 } });
    await settled({ operation: 'diffusion', params: { text: 'not chosen' } });

    const res = await stack.call(`/studio-api/exports/results.zip?ids=${up.id},${root.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="studio-results-/,
    );
    const zip = unzipSync(new Uint8Array(res.bytes));
    const manifest = manifestSchema.parse(
      JSON.parse(new TextDecoder().decode(zip['manifest.json'])),
    );
    expect(manifest.files.map((f) => f.job)).toEqual([up.id, root.id, root.id, root.id, root.id]);
    for (const f of manifest.files) expect(zip[f.file]?.length).toBeGreaterThan(0);
    expect(manifest.files[0]).toMatchObject({ parent: root.id, ancestors: [root.id] });
    expect(manifest.files[1]).toMatchObject({ prompt: 'zip me please', children: [up.id] });
    const png = await stack.call(`/media/${root.id}/0`);
    expect(Buffer.from(zip[manifest.files[1]!.file]!).equals(png.bytes)).toBe(true);

    // Or every finished job a filter matches.
    const byFilter = await stack.call('/studio-api/exports/results.zip?q=zip&operation=diffusion');
    const files = manifestSchema.parse(
      JSON.parse(
        new TextDecoder().decode(unzipSync(new Uint8Array(byFilter.bytes))['manifest.json']),
      ),
    ).files;
    expect(new Set(files.map((f) => f.job))).toEqual(new Set([root.id]));
  });

  it('refuses bad ids and filters with a 400 that names the field', async () => {
    for (const [q, field] of [
      ['ids=', 'ids'],
      ['ids=not%20a%20handle', 'ids'],
      ['status=done', 'status'],
    ] as const) {
      const res = await stack.call(`/studio-api/exports/results.zip?${q}`);
      expect(res.status).toBe(400);
      expect(res.text).toContain(field);
    }
  });
});

describe('GET /studio-api/jobs/:id/tree', () => {
  it('gives the same whole family from a grand-child and from the root', async () => {
    const root = await settled({ operation: 'diffusion', params: { text: 'family' } });
    const vary = await settled({
      operation: 'variation',
      parentId: root.id,
      params: { imageNo: 0 },
    });
    const up = await settled({ operation: 'upscale', parentId: root.id, params: { imageNo: 3 } });
    const grand = await settled({
      operation: 'upscale',
      parentId: vary.id,
      params: { imageNo: 1 },
    });
    await settled({ operation: 'diffusion', params: { text: 'stranger' } });

    const fromGrand = lineageTreeSchema.parse(
      (await stack.json(`/studio-api/jobs/${grand.id}/tree`)).body,
    );
    const fromRoot = lineageTreeSchema.parse(
      (await stack.json(`/studio-api/jobs/${root.id}/tree`)).body,
    );
    expect(fromGrand.rootId).toBe(root.id);
    expect(fromGrand.jobs.map((j) => j.id)).toEqual([root.id, vary.id, up.id, grand.id]);
    expect(fromRoot).toEqual(fromGrand);
    expect(fromRoot.truncated).toBe(false);
    expect((await stack.call('/studio-api/jobs/AAAAAAAAAAAA/tree')).status).toBe(404);
  });
});
