import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStudioEvent } from '@/contract/events';
import { jobSchema, type Job } from '@/contract/studio-api';
import { IMAGE } from '../test/fake-upstream';
import { Stack, waitFor } from '../test/harness';
import { jobEvent, sizedEvent, type Received } from '../test/sse-client';

let stack: Stack;
afterEach(() => stack.stopChecked());

async function create(text = 'a lighthouse in a storm'): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', {
    operation: 'diffusion',
    params: { text },
  });
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

function jobOf(m: Received): Job {
  const e = parseStudioEvent(m.event, m.data);
  if (e?.event !== 'job') throw new Error('not a job event');
  return e.data.job;
}

/** Holds every media answer of the fake upstream until the returned function is called. */
function holdMedia(): () => void {
  let open = () => undefined as void;
  stack.fake.mediaGate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    stack.fake.mediaGate = null;
    open();
  };
}

/** The decoded pixels, so that a re-encoded copy would not pass for the file. */
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

const requested = () => stack.fake.mediaRequests.map((r) => r.path);

describe('media follows the announcement', () => {
  it('announces a completed job before any of its media is downloaded, and serves the right bytes', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const release = holdMedia();
    const sse = await stack.events();
    const job = await create();

    const done = jobOf(await sse.next(jobEvent(job.id, 'completed')));
    expect(stack.fake.mediaAnswered).toBe(0);
    expect(done.output?.images.map((i) => i.url)).toEqual(
      [0, 1, 2, 3].map((n) => `/media/${job.id}/${n}`),
    );
    expect(done.output?.images.every((i) => i.width === null)).toBe(true);
    // The background fetch asks for the four images, not the composite; none has come.
    await waitFor(async () => requested().length === 4);
    expect(requested().some((p) => p.includes('_grid'))).toBe(false);

    // A browser asks for an image and for the composite while the downloads are held.
    const image = stack.call(`/media/${job.id}/2`);
    const grid = stack.call(`/media/${job.id}/grid`);
    await waitFor(async () => requested().length === 5);
    release();
    const [img, composite] = await Promise.all([image, grid]);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(await pixels(img.bytes)).toEqual(await pixels(stack.fake.mediaBytes('image')));
    expect(composite.status).toBe(200);
    expect(await pixels(composite.bytes)).toEqual(await pixels(stack.fake.mediaBytes('grid')));
    // The browser's request shared the download under way.
    expect(requested().filter((p) => p.endsWith('_2.png'))).toHaveLength(1);

    // The sizes come in one more event, once the four are cached.
    const sized = jobOf(await sse.next(sizedEvent(job.id)));
    expect(sized.output?.images.map(({ width, height }) => ({ width, height }))).toEqual(
      Array(4).fill(IMAGE),
    );
    const cached = await stack.call(`/media/${job.id}/0`);
    expect(await pixels(cached.bytes)).toEqual(await pixels(stack.fake.mediaBytes('image')));
    expect(requested()).toHaveLength(5);
  });

  it('fetches a file a browser asks for at once, and its job before the others waiting', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const release = holdMedia();
    const sse = await stack.events();
    const jobs = [await create('one'), await create('two'), await create('three')];
    for (const job of jobs) await sse.next(jobEvent(job.id, 'completed'));
    const [, second, third] = stack.fake.jobIds();
    // Four downloads at once: the first job's; the two others wait their turn.
    await waitFor(async () => requested().length === 4);

    const asked = stack.call(`/media/${jobs[2]?.id ?? ''}/1`);
    await waitFor(async () => requested().length === 5);
    expect(requested()[4]).toContain(`${third}_1.png`);
    release();
    expect((await asked).status).toBe(200);

    // The third job's other images were fetched before the second job's.
    await waitFor(async () => requested().length === 12, 5000);
    const next = requested().slice(5, 9);
    expect(next.filter((p) => p.includes(third ?? '-'))).toHaveLength(3);
    expect(
      requested()
        .slice(9)
        .every((p) => p.includes(second ?? '-')),
    ).toBe(true);
  });

  it('fetches after a restart what a stop cut short', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const held = holdMedia();
    const sse = await stack.events();
    const job = await create();
    await sse.next(jobEvent(job.id, 'completed'));
    await waitFor(async () => requested().length === 4);

    await stack.restart();
    held();
    // No browser asks: the new run fetches the four images and stores their sizes.
    const sized = await waitFor(async () => {
      const read = await stack.json<{ job: unknown }>(`/studio-api/jobs/${job.id}`);
      const j = jobSchema.parse(read.body.job);
      return j.output?.images.every((i) => i.width === IMAGE.width) ? j : null;
    });
    expect(sized.status).toBe('completed');
    expect(requested()).toHaveLength(8);
    expect(stack.fake.mediaAnswered).toBeGreaterThanOrEqual(4);
  });
});
