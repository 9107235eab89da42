import { useEffect, useMemo, useState } from 'react';
import { isBatch } from '@/contract/batch-text';
import { loadOnce, whenIdle } from '@/web/lib/lazy-component';
import type * as batchModule from './prompt-batch';
import type { BatchState } from './prompt-batch';

type BatchModule = typeof batchModule;

/** The expansion of batches, a chunk of its own: fetched when idle, or at a first batch. */
let loaded: BatchModule | null = null;
const load = loadOnce(() => import('./prompt-batch').then((m) => (loaded = m)));
if (typeof window !== 'undefined') whenIdle(() => void load().catch(() => undefined));

/** Until its chunk is there a batch sends nothing: no prompts, no problems yet. */
const COUNTING: BatchState = { prompts: [], problems: [] };

/** The batch the prompt asks for (see `batchState`), or null for a single prompt. */
export function useBatchState(prompt: string): BatchState | null {
  const batch = isBatch(prompt);
  const [ready, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (batch && !ready)
      load().then(
        () => setReady(true),
        () => undefined,
      );
  }, [batch, ready]);
  return useMemo(() => {
    if (!batch) return null;
    return ready && loaded ? loaded.batchState(prompt) : COUNTING;
  }, [batch, ready, prompt]);
}
