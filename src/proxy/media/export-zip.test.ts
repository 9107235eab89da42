import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manifestSchema } from '@/contract/exports';
import { createLogger } from '@/server/log';
import type { JobRecord } from '../model/record';
import { UpstreamError } from '../upstream/errors';
import type { CachedMedia } from './cache';
import { exportZip } from './export-zip';

const log = createLogger({ level: 'silent' });
const MB = 1024 * 1024;
let dir: string;
let file: string;
const asked: string[] = [];

const late = new UpstreamError(null, 'The image service did not answer in time.');

/**
 * The media cache's side. `gone-…`: the service no longer has it. `slow-…`: output 1 comes
 * on the second try, output 2 never in time. `evicted…`: the cache drops output 1's file
 * between handing it out and its being read, the first time.
 */
const media = {
  get: async (handle: string, key: string): Promise<CachedMedia> => {
    const tries = asked.filter((a) => a === `${handle}/${key}`).length;
    asked.push(`${handle}/${key}`);
    if (handle === 'gone-0000000') throw new UpstreamError(410, 'gone');
    if (handle === 'slow-0000000' && (key === '1' || tries === 0)) throw late;
    const size = 3 * MB;
    const evicted = handle === 'evicted00000' && key === '0' && tries === 0;
    const at = evicted ? path.join(dir, 'evicted.bin') : file;
    return { file: at, size, contentType: 'image/png', etag: '"e"', width: 1, height: 1 };
  },
};

function job(handle: string, prompt: string, parent: string | null = null): JobRecord {
  const urls = [0, 1].map((n) => `https://up.test/${handle}/${n}.png`);
  return {
    handle,
    createdBy: handle === 'child-000000' ? 'ana-person-1' : null,
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
    queuePlace: null,
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
    const names = new Map([['ana-person-1', 'Ana']]);
    const zip = unzipSync(await readAll(exportZip(jobs, { media, lineage, names, log })));
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
      maker: { id: 'ana-person-1', name: 'Ana' },
      collections: [],
    });
    expect(manifest.files[2]?.children).toEqual(['child-000000']);
    expect(manifest.files[2]?.maker).toBeNull();
    expect(manifest.missing).toEqual([
      {
        job: 'gone-0000000',
        output: 1,
        reason: 'The image service no longer has this file, and the studio had not kept a copy.',
      },
      {
        job: 'gone-0000000',
        output: 2,
        reason: 'The image service no longer has this file, and the studio had not kept a copy.',
      },
    ]);
    // Nothing of the service's: no job UUID, no upstream URL.
    const text = new TextDecoder().decode(zip['manifest.json']);
    expect(text).not.toMatch(/7f1c2d3e|up\.test/);
  });

  it('tries a file the service is slow to send once more at the end, and names what it never sent', async () => {
    const jobs = [job('slow-0000000', 'a slow boat'), job('evicted00000', 'a fast car')];
    const zip = unzipSync(
      await readAll(exportZip(jobs, { media, lineage, names: new Map(), log })),
    );
    // Each output asked for is either in the archive, whole, or in `missing` with why.
    expect(Object.keys(zip)).toEqual([
      'a-fast-car-evicted00000-2.png',
      'a-slow-boat-slow-0000000-1.png',
      'a-fast-car-evicted00000-1.png',
      'manifest.json',
    ]);
    for (const name of Object.keys(zip).slice(0, 3)) expect(zip[name]!.length).toBe(3 * MB);
    const manifest = manifestSchema.parse(
      JSON.parse(new TextDecoder().decode(zip['manifest.json'])),
    );
    expect(manifest.files.map((f) => `${f.job}/${f.output}`)).toEqual([
      'evicted00000/2',
      'slow-0000000/1',
      'evicted00000/1',
    ]);
    expect(manifest.missing).toEqual([
      {
        job: 'slow-0000000',
        output: 2,
        reason: 'The image service did not answer in time. Tried twice.',
      },
    ]);
    // The second tries come after everything else, in the order of the first.
    expect(asked).toEqual([
      'slow-0000000/0',
      'slow-0000000/1',
      'evicted00000/0',
      'evicted00000/1',
      'slow-0000000/0',
      'slow-0000000/1',
      'evicted00000/0',
    ]);
  });

  it('is made as it is read: no file is fetched before the reader asks for it', async () => {
    const jobs = Array.from({ length: 20 }, (_, i) =>
      job(`job-${String(i).padStart(8, '0')}`, `p${i}`),
    );
    const reader = exportZip(jobs, { media, lineage, names: new Map(), log }).getReader();
    let held = 0;
    for (let i = 0; i < 3; i++) held += (await reader.read()).value?.length ?? 0;
    // Three chunks read of a 120 MB archive: one file opened, and under a megabyte out.
    expect(asked).toEqual(['job-00000000/0']);
    expect(held).toBeLessThan(MB);
    await reader.cancel();
  });
});
