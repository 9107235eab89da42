/**
 * What STUDIO_THUMB_MAKERS costs a fresh result: a grid made through the studio (embedded
 * engine), then its four tiles' 768 px thumbnails asked for at once, as a card does when
 * the grid completes; the time until the last one has arrived, for 1, 2 and 4 makers
 * (three grids each, a fresh data directory per setting). Run alone with
 * `npx tsx bench/thumb-makers.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { loadEngineConfig } from '@/engine/config';
import { startEngine } from '@/engine/server';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy, type RunningProxy } from '@/proxy/server';

const MAKERS = [1, 2, 4];
const GRIDS = 3;

const jobSchema = z.object({ job: z.object({ id: z.string(), status: z.string() }) });

/** The embedded engine as the benches run it: its own folder under `root`, short tasks. */
export const startBenchEngine = (root: string) =>
  startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: join(root, 'engine'),
      ENGINE_TASK_MS: '300',
    }),
  );

/** A diffusion job made through the studio at `url`, once completed: its handle. */
export async function completedJob(url: string, text: string): Promise<string> {
  const res = await fetch(`${url}/studio-api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operation: 'diffusion', params: { text } }),
  });
  const { id } = jobSchema.parse(await res.json()).job;
  for (let i = 0; i < 1000; i++) {
    const read = jobSchema.parse(await (await fetch(`${url}/studio-api/jobs/${id}`)).json());
    if (read.job.status === 'completed') return id;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${id} did not complete`);
}

/** Milliseconds until all four tiles' thumbnails have arrived. */
async function fourThumbnails(proxy: RunningProxy, id: string): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    [0, 1, 2, 3].map(async (k) => {
      const res = await fetch(`${proxy.url}/media/${id}/${k}/thumb/768`);
      if (!res.ok) throw new Error(`thumbnail ${k}: ${res.status}`);
      await res.arrayBuffer();
    }),
  );
  return performance.now() - t0;
}

export interface ThumbMakersFigures {
  /** Per setting: the three grids' times to their last thumbnail, ms. */
  makers: { makers: number; lastThumbnailMs: number[] }[];
}

export async function benchThumbMakers(): Promise<ThumbMakersFigures> {
  const root = mkdtempSync(join(tmpdir(), 'bench-thumb-makers-'));
  const engine = await startBenchEngine(root);
  try {
    const figures: ThumbMakersFigures = { makers: [] };
    for (const makers of MAKERS) {
      const proxy = await startProxy(
        loadProxyConfig(
          {
            PORT: '0',
            STUDIO_DATA_DIR: join(root, `studio-${makers}`),
            STUDIO_CALLBACKS: 'off',
            STUDIO_THUMB_MAKERS: String(makers),
          },
          { upstreamUrl: engine.url, upstreamApiKey: engine.apiKey ?? '' },
        ),
      );
      try {
        const times: number[] = [];
        for (let i = 0; i < GRIDS; i++)
          times.push(
            await fourThumbnails(proxy, await completedJob(proxy.url, 'a lighthouse --ar 16:9')),
          );
        figures.makers.push({ makers, lastThumbnailMs: times });
      } finally {
        await proxy.stop();
      }
    }
    return figures;
  } finally {
    await engine.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export function printThumbMakers(f: ThumbMakersFigures): void {
  console.log(
    '\na fresh grid: its four 768 px thumbnails asked for at once (bench/thumb-makers.ts)',
  );
  console.log('| STUDIO_THUMB_MAKERS | last thumbnail arrived, three grids |');
  console.log('| --- | --- |');
  for (const m of f.makers) {
    console.log(
      `| ${m.makers} | ${m.lastThumbnailMs.map((ms) => `${ms.toFixed(0)} ms`).join(' / ')} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printThumbMakers(await benchThumbMakers());
}
