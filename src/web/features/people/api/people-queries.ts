import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NewInvite, Role } from '@/contract/people';
import { requestJson } from '@/web/lib/http';

/** `GET /studio-api/people` and `/studio-api/invites`, read by the People page alone. */
export const peopleQueries = {
  people: () =>
    queryOptions({
      queryKey: ['people', 'list'] as const,
      queryFn: async ({ signal }) =>
        (await requestJson('/studio-api/people', 'people', { signal })).people,
    }),
  invites: () =>
    queryOptions({
      queryKey: ['people', 'invites'] as const,
      queryFn: async ({ signal }) =>
        (await requestJson('/studio-api/invites', 'invites', { signal })).invites,
    }),
};

/** After any change: both lists again (an invite taken is a new person), and who I am. */
const refresh = (client: QueryClient) => async () => {
  await client.invalidateQueries({ queryKey: ['people'] });
  await client.invalidateQueries({ queryKey: ['me'] });
};

/** What an admin does on the People page, each one request. */
export const peopleMutations = {
  add: (client: QueryClient) => ({
    mutationFn: (person: { name: string; email: string; role: Role; password: string }) =>
      requestJson('/studio-api/people', 'person', { method: 'POST', body: person }),
    onSuccess: refresh(client),
  }),
  changeRole: (client: QueryClient) => ({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      requestJson(`/studio-api/people/${encodeURIComponent(id)}`, 'person', {
        method: 'PATCH',
        body: { role },
      }),
    onSettled: refresh(client),
  }),
  remove: (client: QueryClient) => ({
    mutationFn: (id: string) =>
      requestJson(`/studio-api/people/${encodeURIComponent(id)}`, 'removedPerson', {
        method: 'DELETE',
      }),
    onSettled: refresh(client),
  }),
  invite: (client: QueryClient) => ({
    mutationFn: (invite: NewInvite) =>
      requestJson('/studio-api/invites', 'inviteMade', { method: 'POST', body: invite }),
    onSuccess: refresh(client),
  }),
  revoke: (client: QueryClient) => ({
    mutationFn: (id: string) =>
      requestJson(`/studio-api/invites/${encodeURIComponent(id)}`, 'invite', {
        method: 'DELETE',
      }),
    onSettled: refresh(client),
  }),
};

/**
 * The field a studio refusal names (`email: must be an email address…`), so the page can
 * show it under that field; null when it names none of `fields`.
 */
export function fieldOf<F extends string>(message: string, fields: readonly F[]): F | null {
  const named = /^(\w+): /.exec(message)?.[1];
  return fields.find((f) => f === named) ?? null;
}
