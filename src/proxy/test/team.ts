import { expect } from 'vitest';
import { auditPageSchema, type AuditEntry } from '@/contract/audit';
import type { Role } from '@/contract/people';
import { jobSchema, type Job } from '@/contract/studio-api';
import { waitFor, type Stack } from './harness';

/** The owner's password (STUDIO_PASSWORD) in tests of a studio with people. */
export const PASSWORD = 'correct horse battery';
/** The password the owner gives everyone they add. */
export const PEOPLE_PASSWORD = 'a long enough password';

/** Signs in over the form; the cookie to send back. */
export async function signIn(s: Stack, email: string, password: string): Promise<string> {
  const res = await s.call('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: 'manual',
  });
  expect(res.status, `sign-in of ${email}`).toBe(303);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export const asJson = (cookie: string, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { cookie, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** The owner signed in, and each other role added by them and signed in. */
export async function team(s: Stack, roles: Role[] = ['admin', 'member', 'viewer']) {
  const owner = await signIn(s, 'owner@localhost', PASSWORD);
  const cookies: Record<string, string> = { owner };
  const ids: Record<string, string> = {};
  for (const [i, role] of roles.entries()) {
    const email = `${role}${i}@example.com`;
    const made = await s.json<{ person: { id: string } }>(
      '/studio-api/people',
      asJson(owner, 'POST', { name: `A ${role}`, email, role, password: PEOPLE_PASSWORD }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    ids[`${role}${i}`] = made.body.person.id;
    cookies[`${role}${i}`] = await signIn(s, email, PEOPLE_PASSWORD);
  }
  return { cookies, ids };
}

/** A diffusion of `text` made by `cookie`'s person. */
export async function createAs(s: Stack, cookie: string, text: string): Promise<Job> {
  const res = await s.json<{ job: unknown }>(
    '/studio-api/jobs',
    asJson(cookie, 'POST', { operation: 'diffusion', params: { text } }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return jobSchema.parse(res.body.job);
}

/** The job once it completed, as `cookie`'s person reads it. */
export const finished = (s: Stack, cookie: string, id: string) =>
  waitFor(async () => {
    const res = await s.json<{ job: unknown }>(`/studio-api/jobs/${id}`, { headers: { cookie } });
    const job = jobSchema.parse(res.body.job);
    return job.status === 'completed' ? job : null;
  });

/** The newest entries of the audit log (`query`: its filters), as `cookie`'s admin reads it. */
export async function auditLog(s: Stack, cookie: string, query = ''): Promise<AuditEntry[]> {
  const res = await s.json(`/studio-api/audit${query === '' ? '' : `?${query}`}`, {
    headers: { cookie },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return auditPageSchema.parse(res.body).entries;
}
