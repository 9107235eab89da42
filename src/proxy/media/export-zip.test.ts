import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manifestSchema } from '@/contract/exports';
import { createLogger, createRedactor } from '../log';
import type { JobRecord } from '../model/record';
import type { CachedMedia } from './cache';
import { exportZip } from './export-zip';

const log = createLogger(createRedactor([]));
const MB = 1024 * 1024;
let dir: string;
let file: string;
const asked: string[] = [];

const media = {
  get: async (handle: string, key: string): Promise<CachedMedia> => {
    asked.push(`${handle}/${key}`);
    if (handle === 'gone-0000000') throw new Error('410 from upstream');
    const size = 3 * MB;
    return { file, size, contentType: 'image/png', etag: '"e"', width: 1, height: 1 };
  },
};

function job(handle: string, prompt: string, parent: string | null = null): JobRecord {
  const urls = [0, 1].map((n) => `https://up.test/${handle}/${n}.png`);
  return {
    handle,
    seq: 1,
    upstreamId: '7f1c2d3e-0000-4000-8000-000000000000',
    parentHandle: parent,
    parentIndex: parent ? 1 : null,
    operation: parent ? 'upscale' : 'diffusion',
    prompt,
    createdAt: '2026-03-01T10:00:00.000Z',
    dims: {},
    favourite: false,
    params: { text: prompt },
    upstreamExpired: false,
    createState: null,
    status: 'completed',
    progress: 100,
    startedAt: null,
    endedAt: '2026-03-01T10:00:05.000Z',
    cost: { frozen: 1, consumed: 1, unit: 'credit' },
    output: { image_url: '', image_urls: urls, seed: '42', available_actions: {} },
    error: null,
  };
}

const lineage = async (handle: string) =>
  handle === 'child-000000'
    ? { ancestors: [{ handle: 'root-0000000' }], children: [] }
    : { ancestors: [], children: handle === 'root-0000000' ? [{ handle: 'child-000000' }] : [] };

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'export-'));
  file = path.join(dir, 'big.png');
  writeFileSync(file, Buffer.alloc(3 * MB, 9));
  asked.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('the export ZIP', () => {
  it('holds every output under a prompt-made name and a manifest with lineage by handle', async () => {
    const jobs = [
      job('child-000000', 'a red fox --ar 3:2', 'root-0000000'),
      job('root-0000000', 'a red fox'),
      job('gone-0000000', 'lost'),
    ];
    const zip = unzipSync(await readAll(exportZip(jobs, { media, lineage, log })));
    expect(Object.keys(zip).sort()).toEqual([
      'a-red-fox-child-000000-1.png',
      'a-red-fox-child-000000-2.png',
      'a-red-fox-root-0000000-1.png',
      'a-red-fox-root-0000000-2.png',
      'manifest.json',
    ]);
    expect(zip['a-red-fox-root-0000000-2.png']!.length).toBe(3 * MB);
    const manifest = manifestSchema.parse(
      JSON.parse(new TextDecoder().decode(zip['manifest.json'])),
    );
    expect(manifest.jobs).toBe(3);
    expect(manifest.files[0]).toEqual({
      file: 'a-red-fox-child-000000-1.png',
      job: 'child-000000',
      output: 1,
      operation: 'upscale',
      prompt: 'a red fox --ar 3:2',
      params: { text: 'a red fox --ar 3:2' },
      seed: '42',
      createdAt: '2026-03-01T10:00:00.000Z',
      endedAt: '2026-03-01T10:00:05.000Z',
      parent: 'root-0000000',
      ancestors: ['root-0000000'],
      children: [],
    });
    expect(manifest.files[2]?.children).toEqual(['child-000000']);
    // Nothing of the service's: no job UUID, no upstream URL.
    const text = new TextDecoder().decode(zip['manifest.json']);
    expect(text).not.toMatch(/7f1c2d3e|up\.test/);
  });

  it('is made as it is read: no file is fetched before the reader asks for it', async () => {
    const jobs = Array.from({ length: 20 }, (_, i) =>
      job(`job-${String(i).padStart(8, '0')}`, `p${i}`),
    );
    const reader = exportZip(jobs, { media, lineage, log }).getReader();
    let held = 0;
    for (let i = 0; i < 3; i++) held += (await reader.read()).value?.length ?? 0;
    // Three chunks read of a 120 MB archive: one file opened, and under a megabyte out.
    expect(asked).toEqual(['job-00000000/0']);
    expect(held).toBeLessThan(MB);
    await reader.cancel();
  });
});
