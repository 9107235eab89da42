import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  accountErrorSchema,
  accountInfoEnvelopeSchema,
  activeTasksEnvelopeSchema,
  balanceEnvelopeSchema,
} from '@/contract/account';
import type { OperationName } from '@/contract/operations';
import { OPERATION_NAMES, OPERATIONS } from '@/contract/operations';
import { taskResponseSchema } from '@/contract/task';
import type { EngineEnv } from './context';

/*
 * The engine's interface as an OpenAPI 3.1 document, generated from the contract's zod
 * schemas when the app is built, so it cannot drift from what the engine parses and
 * answers. Request bodies are described as accepted (zod's input side: defaults make a
 * field optional); responses as sent (the output side). Responses do not forbid extra
 * keys: clients parse them tolerantly, as the contract does.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    // Preprocessed fields have no JSON form on their input side: they accept anything.
    unrepresentable: 'any',
    override: ({ jsonSchema: json }) => {
      if (io === 'output' && json.additionalProperties === false) delete json.additionalProperties;
    },
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** A rejected create or read: the TaskResponse error shape (docs/service-interface.md#errors). */
const taskErrorSchema = z.extend(taskResponseSchema, {
  status: z.literal('failed'),
  input: z.null(),
  output: z.null(),
  meta: z.null(),
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});

/** `video-diffusion` → `VideoDiffusionRequest`. */
const requestName = (op: OperationName): string =>
  `${op.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}Request`;

const TASK_ERRORS: Record<string, string> = {
  '400':
    'Invalid body or field (error.message names it), index out of range, or a parent the operation cannot use',
  '401': 'Missing, invalid or revoked API key',
  '402': 'insufficient quota',
  '403':
    'Account disabled, feature restricted to whitelisted accounts, or daily error limit reached',
  '404': 'Parent job unknown, expired or of another account',
  '429': 'Concurrency or staged-queue limit reached',
  '500': 'Unexpected server failure',
  '503': 'Operation suspended (enhance-upscale) or under maintenance',
};

function createPath(op: OperationName) {
  const responses: Record<string, unknown> = {
    '200': json('TaskResponse', 'The new task, `pending` or `staged`'),
  };
  for (const [code, text] of Object.entries(TASK_ERRORS)) {
    responses[code] = json('TaskErrorResponse', text);
  }
  return {
    post: {
      operationId: op.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      summary: `Create a ${OPERATIONS[op].taskType} task`,
      tags: ['tasks'],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref(requestName(op)) } },
      },
      responses,
    },
  };
}

const jobPath = {
  get: {
    operationId: 'getJob',
    summary: 'Read a task; the job UUID is the capability, no key needed',
    tags: ['tasks'],
    security: [],
    parameters: [
      { name: 'job_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
    ],
    responses: {
      '200': json('TaskResponse', 'The task'),
      '400': json('TaskErrorResponse', 'job_id is not a UUID'),
      '404': json('TaskErrorResponse', 'Unknown job, or older than ENGINE_JOB_TTL_S'),
    },
  },
};

function accountPath(operationId: string, envelope: string, summary: string) {
  return {
    get: {
      operationId,
      summary,
      tags: ['account'],
      responses: {
        '200': json(envelope, '`{code: 200, data, message: "success"}`'),
        '400': json('AccountError', 'Bad request: `{code, message, detail?}`'),
        '401': json('AccountError', 'Missing or invalid key: `{message}` only'),
        '403': json('AccountError', 'Account disabled: `{message}` only'),
        '500': json('AccountError', 'Unexpected server failure'),
      },
    },
  };
}

const healthPath = {
  get: {
    operationId: 'health',
    summary: 'Answers once the engine is ready',
    tags: ['service'],
    security: [],
    responses: {
      '200': {
        description: 'Ready',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { status: { const: 'ok' } },
              required: ['status'],
            },
          },
        },
      },
    },
  },
};

function components() {
  const schemas: Record<string, JsonSchema> = {
    TaskResponse: jsonSchema(taskResponseSchema, 'output'),
    TaskErrorResponse: jsonSchema(taskErrorSchema, 'output'),
    BalanceEnvelope: jsonSchema(balanceEnvelopeSchema, 'output'),
    AccountInfoEnvelope: jsonSchema(accountInfoEnvelopeSchema, 'output'),
    ActiveTasksEnvelope: jsonSchema(activeTasksEnvelopeSchema, 'output'),
    AccountError: jsonSchema(accountErrorSchema, 'output'),
  };
  for (const op of OPERATION_NAMES) {
    schemas[requestName(op)] = jsonSchema(OPERATIONS[op].schema, 'input');
  }
  return {
    schemas,
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      bearer: { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token' },
    },
  };
}

/**
 * The whole document; paths are relative to the server URL `/api`
 * (docs/service-interface.md#base-path).
 */
function buildOpenApi(): JsonSchema {
  const paths: Record<string, unknown> = {};
  for (const op of OPERATION_NAMES) paths[`/v1/${op}`] = createPath(op);
  paths['/v1/job/{job_id}'] = jobPath;
  paths['/account/balance'] = accountPath('getBalance', 'BalanceEnvelope', 'Balance');
  paths['/account/info'] = accountPath('getAccountInfo', 'AccountInfoEnvelope', 'Account profile');
  paths['/account/active_tasks'] = accountPath(
    'getActiveTasks',
    'ActiveTasksEnvelope',
    'Staged, pending, processing and retrying tasks',
  );
  paths['/healthz'] = healthPath;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Asynchronous image and video task service (local engine)',
      version: '1.0.0',
      description: 'Generated from the zod schemas of src/contract at start-up.',
    },
    servers: [{ url: '/api' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: components(),
  };
}

/** `GET /openapi.json`; mounted under `/api`. The document is built once, here. */
export function openApiRoutes(): Hono<EngineEnv> {
  const doc = buildOpenApi();
  const app = new Hono<EngineEnv>();
  app.get('/openapi.json', (c) => c.json(doc));
  return app;
}
