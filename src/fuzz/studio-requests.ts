import fc from 'fast-check';
import { OPERATIONS, isOperationName, type OperationName } from '@/contract/operations';
import { createText, edited, operationName } from './bodies';
import { inviteRoutes, peopleRoutes, shareRoutes, teamRoutes } from './people-requests';
import {
  badMultipart,
  brokenJson,
  bytes,
  headerText,
  oneIn,
  hostileValue,
  jsonText,
  query,
  segment,
  type FuzzRequest,
} from './hostile';

/** What the studio already holds, so that some requests name real things. */
export interface StudioSeeds {
  /** A completed job's handle. */
  handle: string;
  /** That job's callback token. */
  hookToken: string;
  /** `<token>.png` of an upload. */
  uploadFile: string;
  /** The session cookie of the studio with a password (`name=value`). */
  cookie: string;
  /** A small PNG, latin1. */
  png: string;
  /** Minimal valid params of each operation (the parent named by `parentId`). */
  params: Record<OperationName, Record<string, unknown>>;
}

type RouteRequest = Pick<FuzzRequest, 'method' | 'path'> & {
  headers?: Record<string, string>;
  body?: string;
  bytes?: boolean;
};

const JSON_TYPE = { 'content-type': 'application/json' };

function createBody(s: StudioSeeds): fc.Arbitrary<RouteRequest> {
  const body = operationName.chain((op) => {
    // The studio names the parent by `parentId` and fills `jobId` itself.
    const known = isOperationName(op);
    const { jobId: _parentJob, ...params } = known ? s.params[op] : {};
    const needsParent = !known || OPERATIONS[op].parent !== 'none';
    return edited({ operation: op, ...(needsParent ? { parentId: s.handle } : {}), params });
  });
  return fc
    .record({
      text: createText(body, 256 * 1024),
      type: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'text/plain',
            'application/json; charset=utf-16',
            'application/x-www-form-urlencoded',
          ),
        },
      ),
      // Keys that pass (a few, so some repeat with another body) and keys that do not.
      key: oneIn(3, fc.oneof(fc.constantFrom('k-1', 'k-2', 'k-3', 'k-4'), headerText(80))),
    })
    .map(({ text, type, key }) => ({
      method: 'POST',
      path: '/studio-api/jobs',
      headers: { 'content-type': type, ...(key === null ? {} : { 'idempotency-key': key }) },
      body: text,
    }));
}

function jobRoutes(s: StudioSeeds): fc.Arbitrary<RouteRequest> {
  const list = query({
    operation: ['diffusion', 'upscale', 'paint', 'diffusion,upscale'],
    status: ['completed', 'failed', 'running', 'nope'],
    from: ['2026-01-31', '2026-02-30', '2026-01-31T12:00:00Z', '0'],
    to: ['2026-12-31', '9999-99-99', '-1'],
    q: ['lighthouse', '"', 'NEAR(a b)', '*', 'a OR', 'col:x', '^'],
    favourite: ['true', 'false', '1', 'yes'],
    cursor: ['1', '0', '-1', '999999999999999', '1e3', 'abc'],
    limit: ['1', '100', '0', '-5', '1000000', '2.5'],
  }).map((q) => ({ method: 'GET', path: `/studio-api/jobs${q}` }));
  const exported = query({
    ids: [s.handle, `${s.handle},${s.handle}`, ',', 'a,b', 'x'.repeat(300)],
    status: ['completed', 'nope'],
    q: ['lighthouse', '"'],
  }).map((q) => ({ method: 'GET', path: `/studio-api/exports/results.zip${q}` }));
  const one = fc
    .tuple(
      fc.constantFrom('GET', 'PUT', 'DELETE', 'POST'),
      segment([s.handle]),
      fc.constantFrom('', '/favourite', '/lineage', '/tree', '/', '/favourite/x'),
    )
    .map(([method, id, tail]) => ({ method, path: `/studio-api/jobs/${id}${tail}` }));
  return fc.oneof(list, exported, one, bulkBody(s));
}

/** `POST /studio-api/jobs/bulk`: an action on ids or on a filter, each part real or not. */
function bulkBody(s: StudioSeeds): fc.Arbitrary<RouteRequest> {
  const action = fc.oneof(fc.constantFrom('favourite', 'unfavourite', 'delete'), hostileValue);
  const ids = fc.oneof(
    fc.constant([s.handle]),
    fc.array(fc.oneof(fc.constant(s.handle), fc.string({ maxLength: 20 })), { maxLength: 600 }),
    hostileValue,
  );
  const filter = fc.oneof(
    fc.record(
      {
        q: fc.constantFrom('lighthouse', '"', 'NEAR(a b)', ''),
        status: fc.constantFrom('completed', 'nope', 'completed,failed'),
        favourite: fc.constantFrom('true', 'false', 'yes'),
        cursor: fc.constantFrom('1', '-1', 'abc', '999999999999999'),
        operations: fc.constant('diffusion'),
      },
      { requiredKeys: [] },
    ),
    hostileValue,
  );
  const body = fc.record(
    { action, ids, filter, dryRun: fc.oneof(fc.boolean(), hostileValue) },
    { requiredKeys: [] },
  );
  return fc.oneof(body.map(jsonText), brokenJson).map((text) => ({
    method: 'POST',
    path: '/studio-api/jobs/bulk',
    headers: JSON_TYPE,
    body: text,
  }));
}

function uploadBody(s: StudioSeeds): fc.Arbitrary<RouteRequest> {
  const payload = fc.oneof(fc.constant(s.png), fc.constant(s.png.slice(0, 60)), bytes(400));
  const multipart = badMultipart(payload).map(([type, body]) => ({ type, body }));
  const raw = fc.record({
    type: fc.constantFrom(
      'image/png',
      'application/octet-stream',
      'text/plain',
      'image/svg+xml',
      'application/json',
    ),
    body: fc.oneof(
      payload,
      fc.constant(''),
      fc.constant('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ),
  });
  return fc.oneof(multipart, raw).map(({ type, body }) => ({
    method: 'POST',
    path: '/studio-api/uploads',
    headers: { 'content-type': type },
    body,
    bytes: true,
  }));
}

const RANGES = [
  'bytes=0-0',
  'bytes=-1',
  'bytes=5-1',
  'bytes=0-',
  'bytes=99999999999999999999-',
  'bytes=0-1,2-3',
  'items=1-2',
  'bytes=-',
  'bytes=abc',
];

function mediaRoutes(s: StudioSeeds): fc.Arbitrary<RouteRequest> {
  const media = fc
    .tuple(
      segment([s.handle]),
      segment(['0', '1', '3', 'grid', '4', '24']),
      fc.constantFrom('', '/thumb', '/thumb/x'),
    )
    .map(([id, key, tail]) => `/media/${id}/${key}${tail}`);
  const uploads = segment([s.uploadFile, s.uploadFile.replace('.png', '.gif')]).map(
    (f) => `/u/${f}`,
  );
  return fc
    .tuple(
      fc.oneof(media, uploads),
      fc.constantFrom('GET', 'HEAD'),
      oneIn(2, fc.oneof(fc.constantFrom(...RANGES), headerText())),
      oneIn(3, fc.oneof(fc.constant('"m-1"'), headerText())),
    )
    .map(([path, method, range, etag]) => ({
      method,
      path,
      headers: {
        ...(range === null ? {} : { range }),
        ...(etag === null ? {} : { 'if-none-match': etag }),
      },
    }));
}

function hookCalls(s: StudioSeeds): fc.Arbitrary<RouteRequest> {
  const task = fc.oneof(
    fc
      .record({
        job_id: fc.oneof(fc.uuid(), hostileValue),
        status: fc.oneof(fc.constantFrom('completed', 'failed', 'processing'), hostileValue),
        output: hostileValue,
      })
      .map(jsonText),
    brokenJson,
  );
  return fc
    .tuple(segment([s.hookToken, 'probe']), task, oneIn(2, headerText()), oneIn(2, headerText()))
    .map(([token, body, signature, timestamp]) => ({
      method: 'POST',
      path: `/hooks/${token}`,
      headers: {
        ...JSON_TYPE,
        ...(signature === null ? {} : { 'x-webhook-signature': signature }),
        ...(timestamp === null ? {} : { 'x-webhook-timestamp': timestamp }),
      },
      body,
    }));
}

function otherRoutes(): fc.Arbitrary<RouteRequest> {
  const events = fc
    .tuple(
      oneIn(2, fc.oneof(fc.constantFrom('0', '1', '-1', '999999999', 'abc:1'), headerText())),
      query({ lastEventId: ['0', '5', 'x'] }),
    )
    .map(([id, q]): RouteRequest => ({
      method: 'GET',
      path: `/studio-api/events${q}`,
      headers: id === null ? {} : { 'last-event-id': id },
    }));
  const login = fc
    .tuple(
      fc.constantFrom('/login', '/logout', '/login?next=//evil.example', '/login?next=%2F%5Cevil'),
      fc.oneof(bytes(200), fc.constant('password=wrong-password&next=%2Flibrary')),
      fc.constantFrom(
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'text/plain',
      ),
    )
    .map(([path, body, type]) => ({
      method: 'POST',
      path,
      headers: { 'content-type': type },
      body,
    }));
  const fixed = fc
    .constantFrom(
      '/studio-api/status',
      '/studio-api/account',
      '/healthz',
      '/',
      '/library',
      '/login',
      '/assets/x.js',
      '/studio-api',
      '/studio-api/',
    )
    .map((path) => ({ method: 'GET', path }));
  const anywhere = fc
    .array(segment(['studio-api', 'jobs', 'media', 'hooks', 'u', 'uploads', 'assets']), {
      minLength: 1,
      maxLength: 5,
    })
    .map((segs) => ({ method: 'GET', path: `/${segs.join('/')}` }));
  return fc.oneof(events, login, fixed, anywhere);
}

/** One request to the studio, from its route table, then roughened. */
export function studioRequest(s: StudioSeeds): fc.Arbitrary<FuzzRequest> {
  const route = fc.oneof(
    { weight: 8, arbitrary: createBody(s) },
    { weight: 5, arbitrary: jobRoutes(s) },
    { weight: 3, arbitrary: uploadBody(s) },
    { weight: 3, arbitrary: mediaRoutes(s) },
    { weight: 3, arbitrary: hookCalls(s) },
    { weight: 4, arbitrary: otherRoutes() },
    { weight: 2, arbitrary: peopleRoutes() },
    { weight: 2, arbitrary: inviteRoutes() },
    { weight: 2, arbitrary: teamRoutes() },
    { weight: 2, arbitrary: shareRoutes() },
  );
  return fc
    .record({
      route,
      // A quarter of the requests go to the studio with a password, half of those signed in.
      locked: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      signedIn: fc.boolean(),
      method: oneIn(
        6,
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'),
      ),
      cookie: oneIn(6, fc.oneof(headerText(), fc.constant('studio_session=' + 'A'.repeat(43)))),
      site: oneIn(4, fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site')),
      length: oneIn(20, fc.constantFrom('99999999999', '-1', 'abc', '1, 2', '0')),
      cutShort: fc.integer({ min: 0, max: 29 }).map((n) => n === 0),
    })
    .map(({ route, locked, signedIn, method, cookie, site, length, cutShort }) => {
      const headers: Record<string, string> = { ...route.headers };
      const session = locked && signedIn ? s.cookie : null;
      const cookies = [session, cookie].filter((c): c is string => c !== null);
      if (cookies.length > 0) headers.cookie = cookies.join('; ');
      if (site !== null) headers['sec-fetch-site'] = site;
      if (length !== null) headers['content-length'] = length;
      return {
        target: locked ? 'locked' : 'studio',
        method: method ?? route.method,
        path: route.path,
        headers,
        ...(route.body === undefined ? {} : { body: route.body }),
        ...(route.bytes ? { bytes: true } : {}),
        ...(cutShort && route.body !== undefined ? { cutShort } : {}),
      } satisfies FuzzRequest;
    });
}
