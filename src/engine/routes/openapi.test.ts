import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '@/contract/operations';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
  components: {
    schemas: Record<string, { required?: string[] }>;
    securitySchemes: Record<string, unknown>;
  };
}

describe('GET /api/openapi.json', () => {
  let t: TestEngine;
  let doc: OpenApiDoc;
  let ajv: Ajv2020;
  /** Validates `data` against one of the document's component schemas. */
  const check = (name: string, data: unknown) => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    const ok = validate(data);
    return ok ? 'valid' : ajv.errorsText(validate.errors);
  };

  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 20 });
    const res = await t.get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDoc;
    // `strict: false`: the document has OpenAPI keywords beside its JSON Schemas.
    ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(doc, 'openapi');
  });
  afterAll(() => t.stop());

  it('is OpenAPI 3.1 with every operation, the job, account and health paths', () => {
    expect(doc.openapi).toBe('3.1.0');
    const creates = Object.keys(doc.paths).filter(
      (p) => p.startsWith('/v1/') && p !== '/v1/job/{job_id}',
    );
    expect(creates).toHaveLength(20);
    expect(creates.sort()).toEqual(OPERATION_NAMES.map((op) => `/v1/${op}`).sort());
    for (const p of creates) expect(doc.paths[p]?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/job/{job_id}',
        '/account/balance',
        '/account/info',
        '/account/active_tasks',
        '/healthz',
      ]),
    );
    expect(doc.paths['/v1/job/{job_id}']?.get?.security).toEqual([]);
    expect(doc.components.securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.components.schemas.TaskResponse?.required?.sort()).toEqual(
      [
        'config',
        'detail',
        'error',
        'input',
        'job_id',
        'logs',
        'meta',
        'model',
        'output',
        'status',
        'task_type',
      ].sort(),
    );
  });

  it('describes real responses: a completed diffusion, a 400 refusal, account envelopes', async () => {
    const created = await t.post('diffusion', { text: 'a quiet harbour --ar 3:2' });
    const done = await t.waitFor(created.body.job_id, isFinal);
    expect(done.status).toBe('completed');
    const raw = await (await t.get(`/api/v1/job/${done.job_id}`)).json();
    expect(check('TaskResponse', raw)).toBe('valid');

    const refused = await fetch(`${t.url}/api/v1/upscale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': t.key },
      body: JSON.stringify({ jobId: done.job_id, imageNo: 9 }),
    });
    expect(refused.status).toBe(400);
    const error = await refused.json();
    expect(check('TaskErrorResponse', error)).toBe('valid');
    expect(check('TaskResponse', error)).toBe('valid');
    expect(check('TaskErrorResponse', raw)).not.toBe('valid');

    const auth = { 'x-api-key': t.key };
    const balance = await (await t.get('/api/account/balance', auth)).json();
    expect(check('BalanceEnvelope', balance)).toBe('valid');
    const info = await (await t.get('/api/account/info', auth)).json();
    expect(check('AccountInfoEnvelope', info)).toBe('valid');
    const active = await (await t.get('/api/account/active_tasks', auth)).json();
    expect(check('ActiveTasksEnvelope', active)).toBe('valid');
    const denied = await (await t.get('/api/account/balance', { 'x-api-key': 'nope' })).json();
    expect(check('AccountError', denied)).toBe('valid');
  });

  it('rejects what the engine rejects, and accepts request bodies the engine accepts', () => {
    expect(check('TaskResponse', { status: 'done' })).not.toBe('valid');
    const body = { jobId: '4b0c7a51-8f9e-4a4e-9d51-0c55b7e9a3f1', imageNo: 2, prompt: 'sway' };
    expect(check('VideoDiffusionRequest', body)).toBe('valid');
    expect(check('VideoDiffusionRequest', { ...body, imageNo: 7 })).toMatch(/imageNo/);
    expect(check('DiffusionRequest', { text: '' })).toMatch(/text/);
    expect(check('ExtendVideoRequest', { jobId: body.jobId, videoNo: 1 })).toMatch(/prompt/);
  });
});
