import { expect } from 'vitest';
import type { Role } from '@/contract/people';
import { hashPassword } from '../auth/passwords';
import type { PersonRecord } from '../model/people';
import type { SharedStore } from '../store/shared-store';
import type { Stack } from './harness';

/** The owner a first start makes, with `password` as STUDIO_PASSWORD would give them. */
export async function ownerWith(
  store: Pick<SharedStore, 'people'>,
  password: string,
  email = 'owner@localhost',
): Promise<PersonRecord> {
  const { owner } = await store.people.ensureOwner({ name: 'Owner', email, passwordHash: null });
  const passwordHash = await hashPassword(password);
  await store.people.setPassword(owner.id, passwordHash);
  return { ...owner, passwordHash };
}

/** A person of `role` who signs in with `password`. */
export async function personWith(
  store: Pick<SharedStore, 'people'>,
  role: Role,
  password: string,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
): Promise<PersonRecord> {
  return store.people.create({
    name: role,
    email,
    role,
    passwordHash: await hashPassword(password),
  });
}

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

/** A JSON request as the person of `cookie`. */
export const asJson = (cookie: string, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { cookie, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
