import { useMutation } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { userEvent } from 'vitest/browser';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { StudioStatus, Upload, UploadsStatus } from '@/contract/studio-api';
import { renderWithClient } from '@/web/components/testing/render-with-client';
import type { Route } from '@/web/components/testing/studio-api-stub';
import { stubStudioApi } from '@/web/components/testing/studio-api-stub';
import { requestJson } from '@/web/lib/http';
import { makeJob } from '@/web/lib/testing/fixtures';
import type { ToolFormProps } from './tool-card';

/*
 * Test support for the tool forms: the app gives each form the jobs feature's create,
 * which a feature may not import; this stand-in posts the body the same way, so the tests
 * see the request the server would get and the server's answer in the form.
 */

export const JOBS = 'POST /studio-api/jobs';
export const STATUS = 'GET /studio-api/status';
export const UPLOADS = 'POST /studio-api/uploads';

export const UPLOADS_ON: UploadsStatus = {
  enabled: true,
  reason: null,
  maxBytes: 2 * 1024 * 1024,
  maxPixels: 4096 * 4096,
  types: ['image/png', 'image/jpeg', 'image/webp'],
};

/** `GET /studio-api/status` with these upload settings. */
export const studioStatus = (uploads: UploadsStatus = UPLOADS_ON): StudioStatus => ({
  push: { mode: 'callbacks', reason: null },
  uploads,
  upstream: { reachable: true, lastContactAt: '2025-01-01T12:00:00.000Z', reason: null },
});

/** Uploads off, as the server says when the service could not fetch one. */
export const uploadsOff = (reason: string): StudioStatus =>
  studioStatus({ ...UPLOADS_ON, enabled: false, reason });

/** Picks `file` in the file input inside `within`, as the browser's picker would. */
export async function pick(within: Element, file: File): Promise<void> {
  const input = within.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, file);
}

/** The answer to an upload; `previewUrl` a data URL, so the preview loads from no server. */
export const uploadAnswer = (
  previewUrl: string,
  over: Partial<Upload> = {},
): { upload: Upload } => ({
  upload: {
    id: 'upLOAD123456',
    url: 'https://studio.example/u/upLOAD123456',
    previewUrl,
    width: 64,
    height: 48,
    bytes: 180,
    type: 'image/png',
    ...over,
  },
});

function ToolSlot({ Form }: { Form: ComponentType<ToolFormProps> }) {
  const create = useMutation({
    mutationFn: async (body: CreateJobRequest) =>
      (await requestJson('/studio-api/jobs', 'job', { method: 'POST', body })).job,
  });
  return (
    <Form
      submit={(body) => create.mutate(body)}
      pending={create.isPending}
      error={create.error}
      onDismissError={create.reset}
      created={create.data ?? null}
    />
  );
}

/**
 * One tool form against a stubbed studio server: uploads on, and a create answered with a
 * new job unless `routes` says otherwise. `title` names the tool's section.
 */
export async function renderTool(
  Form: ComponentType<ToolFormProps>,
  title: string,
  routes: Record<string, Route> = {},
) {
  const api = stubStudioApi({
    [STATUS]: studioStatus(),
    [JOBS]: { job: makeJob({ id: 'newJOB123456', status: 'pending', progress: 0, output: null }) },
    ...routes,
  });
  const { screen } = await renderWithClient(<ToolSlot Form={Form} />);
  const tool = screen.getByRole('region', { name: title });
  return {
    api,
    screen,
    tool,
    /** The bodies of the creates sent so far. */
    posted: () => api.to(JOBS).map((r) => r.body),
  };
}
