import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewShare } from '@/contract/shares';
import { requestJson } from '@/web/lib/http';

/** The share links the person signed in may see: their own (admins and owners: all). */
export const sharesQuery = {
  queryKey: ['shares'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    requestJson('/studio-api/shares', 'shares', { signal }),
};

/** Makes a link; the list is asked again when it is next shown. */
export function useMakeShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (asked: NewShare) =>
      requestJson('/studio-api/shares', 'share', { method: 'POST', body: asked }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesQuery.queryKey }),
  });
}

export function useRevokeShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestJson(`/studio-api/shares/${id}`, 'share', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesQuery.queryKey }),
  });
}
