/**
 * For the component tests of the feed and the library: jobs of every output kind and the
 * studio server they talk to (the one `window.fetch` stub of the component tests, with
 * what a create or a bulk action answers). Nothing reaches a network.
 */
import { expect } from 'vitest';
import type { BulkRequest } from '@/contract/bulk';
import type { Job, MediaItem } from '@/contract/studio-api';
import { TASK_TYPES, type AvailableActions, type TaskType } from '@/contract/task';
import { stubStudioApi, type Route } from '@/web/components/testing/studio-api-stub';
import { makeJob } from '@/web/lib/testing/fixtures';

const media = (id: string, n: number | string, width = 1024, height = 576): MediaItem => ({
  url: `/media/${id}/${n}`,
  width,
  height,
});

const done = (id: string, output: Partial<NonNullable<Job['output']>>): Job['output'] => ({
  grid: null,
  images: [],
  videos: [],
  prompts: [],
  seed: '42',
  actions: {},
  ...output,
});

/** A finished four-image grid; `actions` replaces what it lists (U, V and reroll for all). */
export function gridJob(id: string, overrides: Partial<Job> = {}, actions?: AvailableActions): Job {
  return makeJob({
    id,
    prompt: `${id} a lighthouse in a storm --ar 16:9`,
    output: done(id, {
      grid: media(id, 'grid', 2048, 1152),
      images: [0, 1, 2, 3].map((n) => media(id, n)),
      actions: actions ?? { upscale: [0, 1, 2, 3], variation: [0, 1, 2, 3], reroll: true },
    }),
    ...overrides,
  });
}

/** Image 2 of `parent` upscaled: one image, and only the follow-ups an upscale offers. */
export const upscaledJob = (id: string, parent: string, overrides: Partial<Job> = {}): Job =>
  makeJob({
    id,
    parentId: parent,
    parentIndex: 1,
    operation: 'upscale',
    output: done(id, {
      images: [media(id, 0, 2048, 1152)],
      actions: { variation: [0], outpaint: [0], pan: [0] },
    }),
    ...overrides,
  });

/** Four clips made from image 1 of `parent`. */
export const videoJob = (id: string, parent: string): Job =>
  makeJob({
    id,
    parentId: parent,
    parentIndex: 0,
    operation: 'video_diffusion',
    prompt: 'waves crash on the rocks',
    output: done(id, { videos: [0, 1, 2, 3].map((n) => media(id, n, 854, 480)) }),
  });

/** Describe's text result: prompts, no image. */
export const describeJob = (id: string): Job =>
  makeJob({
    id,
    operation: 'describe',
    prompt: '',
    output: done(id, { prompts: ['a red fox in snow', 'a fox at dusk, watercolour'] }),
  });

export const failedJob = (id: string): Job =>
  makeJob({
    id,
    status: 'failed',
    output: null,
    error: {
      status: 400,
      code: 'banned_prompt',
      message: 'The prompt was refused',
      hint: 'Reword it and try again.',
      retryAfterS: null,
    },
  });

const taskType = (operation: unknown): TaskType => {
  const type = String(operation).replaceAll('-', '_');
  return TASK_TYPES.find((t) => t === type) ?? 'diffusion';
};

/** What the studio answers here: a create makes a pending job, bulk actions count, lists are empty. */
const studioRoutes: Record<string, Route> = {
  'POST /studio-api/jobs': ({ body }) => {
    const { operation, parentId } = body as { operation: string; parentId?: string };
    const job = makeJob({
      id: 'createdJOB01',
      parentId: parentId ?? null,
      operation: taskType(operation),
      status: 'pending',
      progress: 0,
      output: null,
    });
    return { job };
  },
  'POST /studio-api/jobs/bulk': ({ body }) => {
    const { action, ids } = body as BulkRequest;
    const n = ids?.length ?? 37;
    return { action, matched: n, changed: n, skipped: 0, cursor: null };
  },
  'GET /studio-api/jobs': { jobs: [], nextCursor: null },
};

/**
 * The studio server for the feed's and the library's tests (`stubStudioApi` with the
 * routes above), and the bodies of the creates and bulk actions it was sent.
 */
export function stubStudio() {
  const studio = stubStudioApi(studioRoutes);
  const bodiesTo = (key: string) => () => studio.to(key).map((r) => r.body);
  return {
    ...studio,
    /** The bodies of the creates sent so far (`POST /studio-api/jobs`). */
    creates: bodiesTo('POST /studio-api/jobs'),
    /** The bodies of the bulk actions sent so far. */
    bulks: bodiesTo('POST /studio-api/jobs/bulk'),
  };
}

export type StudioStub = ReturnType<typeof stubStudio>;

/** Waits for the creates the studio received to be exactly `bodies`. */
export const expectCreates = (studio: StudioStub, ...bodies: unknown[]) =>
  expect.poll(studio.creates).toEqual(bodies);

/** A text field put inside `container` (a viewer) and focused, as a form there would be. */
export function focusFieldIn(container: Element): HTMLInputElement {
  const field = document.createElement('input');
  field.setAttribute('aria-label', 'A field');
  container.append(field);
  field.focus();
  return field;
}
