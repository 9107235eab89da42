import fc from 'fast-check';
import { ROLES } from '@/contract/people';
import { brokenJson, bytes, hostileValue, jsonText, segment, type FuzzRequest } from './hostile';

type RouteRequest = Pick<FuzzRequest, 'method' | 'path'> & {
  headers?: Record<string, string>;
  body?: string;
  bytes?: boolean;
};

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * `/studio-api/me` and `/studio-api/people`: people added (valid, mistaken or hostile),
 * roles changed and people removed by real-looking or hostile ids.
 */
export function peopleRoutes(): fc.Arbitrary<RouteRequest> {
  const person = fc.record(
    {
      name: fc.oneof(fc.constantFrom('Ana', '', ' '), hostileValue),
      email: fc.oneof(fc.constantFrom('ana@example.com', 'ANA@Example.com', 'ana'), hostileValue),
      role: fc.oneof(fc.constantFrom(...ROLES, 'boss'), hostileValue),
      password: fc.oneof(fc.constantFrom('a long enough password', 'short'), hostileValue),
    },
    { requiredKeys: [] },
  );
  const add = fc.oneof(person.map(jsonText), brokenJson).map((text) => ({
    method: 'POST',
    path: '/studio-api/people',
    headers: JSON_TYPE,
    body: text,
  }));
  const role = fc.record({ role: fc.oneof(fc.constantFrom(...ROLES), hostileValue) });
  const change = fc
    .tuple(
      fc.constantFrom('PATCH', 'DELETE'),
      segment(['AAAAAAAAAAAA']),
      fc.oneof(role.map(jsonText), brokenJson),
    )
    .map(([method, id, text]) => ({
      method,
      path: `/studio-api/people/${id}`,
      headers: JSON_TYPE,
      body: text,
    }));
  const read = fc
    .constantFrom('/studio-api/me', '/studio-api/people', '/studio-api/people/')
    .map((path) => ({ method: 'GET', path }));
  return fc.oneof(add, change, read);
}

/**
 * `/studio-api/invites` and the pages invite links open: invites made (valid, mistaken or
 * hostile), revoked by real-looking or hostile ids, and links opened and their forms sent
 * by tokens of every shape.
 */
export function inviteRoutes(): fc.Arbitrary<RouteRequest> {
  const invite = fc.record(
    {
      role: fc.oneof(fc.constantFrom(...ROLES, 'boss'), hostileValue),
      email: fc.oneof(fc.constantFrom('bo@example.com', 'bo'), hostileValue),
      expiresInHours: fc.oneof(fc.constantFrom(1, 168, 720, 0, 721, 1.5), hostileValue),
    },
    { requiredKeys: [] },
  );
  const make = fc.oneof(invite.map(jsonText), brokenJson).map((text) => ({
    method: 'POST',
    path: '/studio-api/invites',
    headers: JSON_TYPE,
    body: text,
  }));
  const revoke = segment(['AAAAAAAAAAAA']).map((id) => ({
    method: 'DELETE',
    path: `/studio-api/invites/${id}`,
  }));
  const token = segment(['A'.repeat(43)]);
  const open = token.map((t) => ({ method: 'GET', path: `/invite/${t}` }));
  const take = fc
    .tuple(
      token,
      fc.oneof(
        bytes(200),
        fc.constant(
          'name=Bo&email=bo%40example.com&password=a+long+password&confirm=a+long+password',
        ),
      ),
      fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
    )
    .map(([t, body, type]) => ({
      method: 'POST',
      path: `/invite/${t}`,
      headers: { 'content-type': type },
      body,
    }));
  const list = fc.constant({ method: 'GET', path: '/studio-api/invites' });
  return fc.oneof(make, revoke, open, take, list);
}

/**
 * Budgets (set, cleared and listed, with hostile limits and ids), the audit log and its CSV
 * with hostile filters, the names everyone reads, and the OpenID Connect sign-in's start
 * and callback with hostile `next`, `state` and `code`.
 */
export function teamRoutes(): fc.Arbitrary<RouteRequest> {
  const limit = fc.oneof(fc.constantFrom(0, 20, 1.5, -1, null, 1e12), hostileValue);
  const budget = fc.record({ day: limit, month: limit }, { requiredKeys: [] });
  const target = fc.oneof(fc.constant('default'), segment(['AAAAAAAAAAAA']));
  const setBudget = fc
    .tuple(target, fc.oneof(budget.map(jsonText), brokenJson))
    .map(([id, text]) => ({
      method: 'PUT',
      path: `/studio-api/budgets/${id}`,
      headers: JSON_TYPE,
      body: text,
    }));
  const clearBudget = segment(['AAAAAAAAAAAA']).map((id) => ({
    method: 'DELETE',
    path: `/studio-api/budgets/${id}`,
  }));
  const query = fc
    .record(
      {
        person: fc.oneof(fc.constant('AAAAAAAAAAAA'), fc.string({ maxLength: 40 })),
        action: fc.oneof(
          fc.constantFrom('sign_in', 'export', 'boss'),
          fc.string({ maxLength: 40 }),
        ),
        from: fc.oneof(
          fc.constantFrom('2026-01-01', 'yesterday', '-1'),
          fc.string({ maxLength: 30 }),
        ),
        to: fc.string({ maxLength: 30 }),
        cursor: fc.string({ maxLength: 60 }),
      },
      { requiredKeys: [] },
    )
    .map((q) => `?${new URLSearchParams(q as Record<string, string>).toString()}`);
  const audit = fc
    .tuple(fc.constantFrom('/studio-api/audit', '/studio-api/audit.csv'), query)
    .map(([path, q]) => ({ method: 'GET', path: `${path}${q}` }));
  const reads = fc
    .constantFrom('/studio-api/budgets', '/studio-api/people/names')
    .map((path) => ({ method: 'GET', path }));
  const oidc = fc
    .tuple(
      fc.constantFrom('/login/oidc', '/login/oidc/callback'),
      fc.record(
        {
          next: fc.oneof(
            fc.constantFrom('/', '//evil.example', '/\\evil', 'https://x'),
            fc.string(),
          ),
          state: fc.string({ maxLength: 80 }),
          code: fc.string({ maxLength: 80 }),
          iss: fc.string({ maxLength: 80 }),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([path, q]) => ({
      method: 'GET',
      path: `${path}?${new URLSearchParams(q as Record<string, string>).toString()}`,
    }));
  return fc.oneof(setBudget, clearBudget, audit, reads, oidc);
}

/**
 * Share links: made (valid, mistaken or hostile bodies), listed, revoked by real-looking or
 * hostile ids, and their pages and files opened by tokens of every shape.
 */
export function shareRoutes(): fc.Arbitrary<RouteRequest> {
  const asked = fc.record(
    {
      jobId: fc.oneof(fc.constant('AAAAAAAAAAAA'), hostileValue),
      collectionId: fc.oneof(fc.constant('AAAAAAAAAAAA'), hostileValue),
      index: fc.oneof(fc.constantFrom(0, 3, 4, -1, 1.5), hostileValue),
      showPrompt: fc.oneof(fc.boolean(), hostileValue),
      expiresInDays: fc.oneof(fc.constantFrom(1, 7, 30, 0, 3), hostileValue),
    },
    { requiredKeys: [] },
  );
  const make = fc.oneof(asked.map(jsonText), brokenJson).map((text) => ({
    method: 'POST',
    path: '/studio-api/shares',
    headers: JSON_TYPE,
    body: text,
  }));
  const revoke = segment(['A'.repeat(22)]).map((id) => ({
    method: 'DELETE',
    path: `/studio-api/shares/${id}`,
  }));
  const token = segment([`${'A'.repeat(22)}.${'B'.repeat(32)}`]);
  const open = fc
    .tuple(token, fc.constantFrom('', '/0', '/grid', '/0/thumb', '/0/thumb/768', '/0/thumb/9'))
    .map(([t, rest]) => ({ method: 'GET', path: `/s/${t}${rest}` }));
  const list = fc.constant({ method: 'GET', path: '/studio-api/shares' });
  return fc.oneof(make, revoke, open, list);
}
