import type { Role } from '@/contract/people';
import { hashPassword } from '../auth/passwords';
import type { PersonRecord } from '../model/people';
import type { Intent } from '../store/history';
import type { SharedStore } from '../store/shared-store';

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

/** A diffusion's create about to be sent, made by `createdBy`. */
export const intentBy = (handle: string, createdBy: string): Intent => ({
  handle,
  hookToken: null,
  parentHandle: null,
  parentIndex: null,
  operation: 'diffusion',
  prompt: 'a fox',
  params: null,
  createdBy,
});
