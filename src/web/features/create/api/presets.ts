import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PresetChange, PresetDraft } from '@/contract/presets';
import { requestJson } from '@/web/lib/http';

/** `GET /studio-api/presets`: the signed-in person's own, by name. */
export const presetsQuery = () =>
  queryOptions({
    queryKey: ['presets'] as const,
    queryFn: async ({ signal }) =>
      (await requestJson('/studio-api/presets', 'presets', { signal })).presets,
  });

const refresh = (client: QueryClient) => () => client.invalidateQueries({ queryKey: ['presets'] });
const at = (id: string) => `/studio-api/presets/${encodeURIComponent(id)}`;

/** Saving, renaming and deleting a preset, each one request; the list is read again after. */
export const presetMutations = {
  save: (client: QueryClient) => ({
    mutationFn: (draft: PresetDraft) =>
      requestJson('/studio-api/presets', 'preset', { method: 'POST', body: draft }),
    onSuccess: refresh(client),
  }),
  change: (client: QueryClient) => ({
    mutationFn: ({ id, change }: { id: string; change: PresetChange }) =>
      requestJson(at(id), 'preset', { method: 'PATCH', body: change }),
    onSuccess: refresh(client),
  }),
  remove: (client: QueryClient) => ({
    mutationFn: (id: string) => requestJson(at(id), 'deleted', { method: 'DELETE' }),
    onSettled: refresh(client),
  }),
};
