import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manifestSchema } from '@/contract/exports';
import type { Job } from '@/contract/studio-api';
import { Stack } from '../test/harness';
import { settledJob } from '../test/settled';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(async () => {
  stack.expectNoLeaks();
  await stack.stop();
});

const settled = (body: unknown): Promise<Job> => settledJob(stack, body);

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
