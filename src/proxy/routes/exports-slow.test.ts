import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manifestSchema } from '@/contract/exports';
import type { Job } from '@/contract/studio-api';
import { Stack } from '../test/harness';
import { settledJob } from '../test/settled';

/**
 * The ZIP export against a service slow to send its files, over real sockets. A media
 * download may take 8 × UPSTREAM_TIMEOUT_MS (here 800 ms) and is tried 3 times.
 */
let stack: Stack;
let release: () => void = () => undefined;

beforeEach(async () => {
  stack = await Stack.start({ upstreamTimeoutMs: 100 });
});
afterEach(async () => {
  release();
  stack.expectNoLeaks();
  await stack.stop();
});

/** Holds every media request the fake receives until `release` is called. */
function holdMedia(): void {
  stack.fake.mediaGate = new Promise<void>((r) => {
    release = r;
  });
}

async function exportOf(job: Job) {
  const res = await stack.call(`/studio-api/exports/results.zip?ids=${job.id}`);
  expect(res.status).toBe(200);
  const zip = unzipSync(new Uint8Array(res.bytes));
  const manifest = manifestSchema.parse(JSON.parse(new TextDecoder().decode(zip['manifest.json'])));
  return { zip, manifest };
}

describe('an export while the service is slow to send files', () => {
  it('names in the manifest a file never sent in time, and holds it once it is sent', async () => {
    const parent = await settledJob(stack, { operation: 'diffusion', params: { text: 'a kite' } });
    holdMedia();
    const up = await settledJob(stack, {
      operation: 'upscale',
      parentId: parent.id,
      params: { imageNo: 0 },
    });

    // Never sent: the archive is whole and valid, and says which file is missing and why.
    const lacking = await exportOf(up);
    expect(Object.keys(lacking.zip)).toEqual(['manifest.json']);
    expect(lacking.manifest.files).toEqual([]);
    expect(lacking.manifest.missing).toEqual([
      {
        job: up.id,
        output: 1,
        reason: 'The image service did not answer in time. Tried twice.',
      },
    ]);

    // Sent late, within a try: the file is in the archive and nothing is missing.
    setTimeout(() => release(), 1200);
    const whole = await exportOf(up);
    expect(whole.manifest.missing).toEqual([]);
    expect(whole.manifest.files.map((f) => `${f.job}/${f.output}`)).toEqual([`${up.id}/1`]);
    const [line] = whole.manifest.files;
    expect(whole.zip[line!.file]).toEqual(new Uint8Array(stack.fake.mediaBytes('image')));
  });
});
