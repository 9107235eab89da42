import { describe, expect, it } from 'vitest';
import { formatIssues } from './errors';
import { OPERATIONS, OPERATION_NAMES, isOperationName, operationOfTaskType } from './operations';
import { createJobSchema } from './create-job-schema';
import { HANDLE_RE, handleSchema, jobListQuerySchema } from './studio-api';
import { TASK_STATUSES, TASK_TYPES } from './task';

const UUID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

describe('job handles', () => {
  it('accepts 12-character base64url handles', () => {
    for (const h of ['AbCdEfGh1234', 'a-b_c-d_e-f_', '____________', 'Z9z9Z9z9Z9z9']) {
      expect(h).toHaveLength(12);
      expect(HANDLE_RE.test(h), h).toBe(true);
      expect(handleSchema.safeParse(h).success).toBe(true);
    }
  });

  it('rejects UUIDs, in any spelling, so job ids cannot pass for handles', () => {
    for (const id of [UUID, UUID.toUpperCase(), UUID.replace(/-/g, ''), `{${UUID}}`]) {
      expect(HANDLE_RE.test(id), id).toBe(false);
    }
  });

  it('rejects other shapes', () => {
    for (const h of [
      '',
      'short',
      'AbCdEfGh12+/',
      'AbCdEf Gh123',
      'AbCdEfGh1234=',
      '../../etc/pa',
    ]) {
      expect(HANDLE_RE.test(h), h).toBe(false);
    }
    const r = handleSchema.safeParse(UUID);
    expect(r.success).toBe(false);
    if (!r.success) expect(formatIssues(r.error)).toBe('must be a job handle');
  });
});

describe('createJobSchema', () => {
  it('types params per operation: the fields of the service request, less what the proxy fills', () => {
    expect(
      createJobSchema.parse({
        operation: 'upscale',
        parentId: 'AbCdEfGh1234',
        params: { imageNo: 2 },
      }),
    ).toEqual({ operation: 'upscale', parentId: 'AbCdEfGh1234', params: { imageNo: 2, type: 0 } });
    expect(createJobSchema.parse({ operation: 'reroll', parentId: 'AbCdEfGh1234' })).toEqual({
      operation: 'reroll',
      parentId: 'AbCdEfGh1234',
      params: {},
    });
    const missing = createJobSchema.safeParse({ operation: 'diffusion' });
    expect(missing.success).toBe(false);
    if (!missing.success) {
      expect(formatIssues(missing.error)).toBe(
        'params.text: is required (a string of 1 to 8192 characters)',
      );
    }
  });

  it('refuses what the proxy fills, and a parent where the operation takes none or needs one', () => {
    const said = (body: unknown) => {
      const r = createJobSchema.safeParse(body);
      return r.success ? 'accepted' : formatIssues(r.error);
    };
    expect(said({ operation: 'reroll', parentId: 'AbCdEfGh1234', params: { jobId: UUID } })).toBe(
      'params.jobId: must not be given (name the parent job with parentId)',
    );
    expect(
      said({ operation: 'diffusion', params: { text: 'a', callback: 'https://x.test/' } }),
    ).toBe('params.callback: must not be given (the studio sets it)');
    expect(said({ operation: 'diffusion', parentId: 'AbCdEfGh1234', params: { text: 'a' } })).toBe(
      'parentId: diffusion does not take a parent job',
    );
    expect(said({ operation: 'video-upscale', params: { videoNo: 0 } })).toBe(
      'parentId: is required for video-upscale (the job whose video it works on)',
    );
    // Text to video needs the start image in its prompt only when no parent is named.
    expect(said({ operation: 'video-diffusion', params: { prompt: 'waves' } })).toBe(
      'params.prompt: must contain an http:// or https:// image URL when no parentId is given',
    );
    expect(
      said({ operation: 'video-diffusion', parentId: 'AbCdEfGh1234', params: { prompt: 'waves' } }),
    ).toBe('accepted');
  });

  it('rejects an unknown operation, listing the allowed ones', () => {
    for (const operation of ['paint', 'video_diffusion', 'Diffusion', '', 3]) {
      const r = createJobSchema.safeParse({ operation });
      expect(r.success).toBe(false);
      if (r.success) continue;
      const message = formatIssues(r.error);
      expect(message).toBe(`operation: must be one of ${OPERATION_NAMES.join(', ')}`);
      for (const name of OPERATION_NAMES) expect(message).toContain(name);
    }
  });

  it('parentId must be a handle, never a job UUID', () => {
    const r = createJobSchema.safeParse({ operation: 'upscale', parentId: UUID });
    expect(r.success).toBe(false);
    if (!r.success) expect(formatIssues(r.error)).toContain('parentId: must be a job handle');
  });

  it('params must be an object', () => {
    expect(createJobSchema.safeParse({ operation: 'diffusion', params: 'a cat' }).success).toBe(
      false,
    );
  });
});

describe('jobListQuerySchema', () => {
  it('coerces limit from the query string, default 50, 1 to 200', () => {
    expect(jobListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(jobListQuerySchema.parse({ limit: '20', cursor: 'c1' })).toEqual({
      limit: 20,
      cursor: 'c1',
    });
    expect(jobListQuerySchema.parse({ limit: '200' }).limit).toBe(200);
    for (const limit of ['0', '201', '1.5', 'many']) {
      const r = jobListQuerySchema.safeParse({ limit });
      expect(r.success ? '' : formatIssues(r.error), limit).toBe(
        'limit: must be a whole number from 1 to 200',
      );
    }
  });

  it('names the task types and statuses it takes, and a value it does not', () => {
    expect(jobListQuerySchema.parse({ operation: 'upscale,pan', status: 'failed' })).toMatchObject({
      operation: ['upscale', 'pan'],
      status: ['failed'],
    });
    const r = jobListQuerySchema.safeParse({ operation: 'upscale,zoom', status: 'done' });
    expect(r.success ? '' : formatIssues(r.error)).toBe(
      `operation[1]: must be one of ${TASK_TYPES.join(', ')}; ` +
        `status[0]: must be one of ${TASK_STATUSES.join(', ')}`,
    );
  });
});

describe('operations registry', () => {
  it('has one operation per task type, at the hyphenated path', () => {
    expect(OPERATION_NAMES).toHaveLength(TASK_TYPES.length);
    for (const t of TASK_TYPES) {
      const name = operationOfTaskType(t);
      expect(name).toBe(t.replace(/_/g, '-'));
      expect(OPERATIONS[name].taskType).toBe(t);
    }
  });

  it('isOperationName', () => {
    expect(isOperationName('extend-video')).toBe(true);
    expect(isOperationName('extend_video')).toBe(false);
    expect(isOperationName('toString')).toBe(false);
    expect(isOperationName('constructor')).toBe(false);
  });

  it('parent kinds: follow-ups need a parent of the right kind', () => {
    const byKind = (kind: string) =>
      OPERATION_NAMES.filter((n) => OPERATIONS[n].parent === kind).sort();
    expect(byKind('video')).toEqual(['extend-video', 'video-upscale']);
    expect(byKind('optional-image')).toEqual(['enhance-upscale', 'video-diffusion']);
    expect(byKind('none')).toEqual([
      'blend',
      'describe',
      'diffusion',
      'remove-background',
      'retexture',
      'shorten',
      'upload-paint',
    ]);
  });
});
