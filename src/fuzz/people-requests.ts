import fc from 'fast-check';
import { ROLES } from '@/contract/people';
import { brokenJson, hostileValue, jsonText, segment, type FuzzRequest } from './hostile';

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
