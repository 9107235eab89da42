import fc from 'fast-check';
import { OPERATION_NAMES, isOperationName, type OperationName } from '@/contract/operations';
import { createText, edited } from './bodies';
import { DEAD_URL, headerText, hostileValue, oneIn, segment, type FuzzRequest } from './hostile';

/** What the engine already holds, so that some requests name real things. */
export interface EngineSeeds {
  key: string;
  /** A completed diffusion task. */
  jobId: string;
  /** Minimal valid bodies of each operation (follow-ups name `jobId`). */
  bodies: Record<OperationName, Record<string, unknown>>;
}

/** The key as the service takes it, or wrong, or missing. */
const keyHeaders = (key: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({ 'x-api-key': key }) },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${key}` }) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: headerText().map((k) => ({ 'x-api-key': k })) },
    { weight: 1, arbitrary: headerText().map((k) => ({ authorization: k })) },
    {
      weight: 1,
      arbitrary: fc.constant({ 'x-api-key': 'wrong-key-123', authorization: `Bearer ${key}` }),
    },
  );

function create(s: EngineSeeds): fc.Arbitrary<FuzzRequest> {
  const op = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...OPERATION_NAMES) },
    { weight: 1, arbitrary: segment(['job', 'upload_paint', 'Diffusion']) },
  );
  const body = op.chain((name) =>
    createText(
      edited(isOperationName(name) ? s.bodies[name] : {}).chain((b) =>
        fc
          .oneof(fc.constant(undefined), fc.constant(''), fc.constant(DEAD_URL), hostileValue)
          .map((callback) => (callback === undefined ? b : { ...b, callback })),
      ),
      256 * 1024,
    ).map((text) => [name, text] as const),
  );
  return fc
    .tuple(
      body,
      keyHeaders(s.key),
      fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
    )
    .map(([[name, text], keys, type]) => ({
      target: 'engine' as const,
      method: 'POST',
      path: `/api/v1/${name}`,
      headers: { ...keys, ...(type ? { 'content-type': type } : {}) },
      body: text,
    }));
}

function reads(s: EngineSeeds): fc.Arbitrary<FuzzRequest> {
  const job = segment([s.jobId, s.jobId.toUpperCase()]).map((id) => `/api/v1/job/${id}`);
  const account = segment(['balance', 'info', 'active_tasks']).map(
    (what) => `/api/account/${what}`,
  );
  const files = segment([
    `${s.jobId}_0.png`,
    `${s.jobId}_3.png`,
    `${s.jobId}_4.png`,
    `${s.jobId}_0.mp4`,
  ]).map((name) => `/files/${name}`);
  const fixed = fc.constantFrom(
    '/healthz',
    '/api/healthz',
    '/api/openapi.json',
    '/api/v1',
    '/api/v1/',
    '/api',
  );
  const anywhere = fc
    .array(segment(['api', 'v1', 'job', 'account', 'files']), { minLength: 1, maxLength: 5 })
    .map((segs) => `/${segs.join('/')}`);
  return fc
    .tuple(
      fc.oneof(job, account, files, fixed, anywhere),
      fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
      keyHeaders(s.key),
      oneIn(
        3,
        fc.oneof(
          fc.constantFrom(
            'bytes=0-0',
            'bytes=-1',
            'bytes=5-1',
            'bytes=0-1,2-3',
            'bytes=99999999999999999999-',
          ),
          headerText(),
        ),
      ),
    )
    .map(([path, method, keys, range]) => ({
      target: 'engine' as const,
      method,
      path,
      headers: { ...keys, ...(range === null ? {} : { range }) },
    }));
}

/** One request to the engine's API, with or without a good key. */
export function engineRequest(s: EngineSeeds): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: create(s) }, { weight: 2, arbitrary: reads(s) }),
      fc.integer({ min: 0, max: 29 }),
    )
    .map(([req, roll]) =>
      roll === 0 && req.body !== undefined ? { ...req, cutShort: true } : req,
    );
}
