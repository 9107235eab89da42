import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { BatchItem } from '../api/create-batch';
import { createBatchMutation, newBatch, settleBatch } from '../api/create-batch';

/**
 * Sends a batch of prompts as diffusion creates in one request, each with its own
 * Idempotency-Key; the studio queues them all (or refuses them all) and the feed shows
 * their cards from its answer. `send` again (Try again) sends the same keys.
 */
export function useCreateBatch(prompts: readonly string[]) {
  const client = useQueryClient();
  const { mutateAsync } = useMutation(createBatchMutation(client));
  const [items, setItems] = useState<BatchItem[]>(() => newBatch(prompts));
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = useRef(items);

  const send = useCallback(async () => {
    const change = (next: BatchItem[]) => {
      current.current = next;
      setItems(next);
    };
    setRunning(true);
    setError(null);
    change(current.current.map((item) => ({ ...item, status: 'sending', error: undefined })));
    try {
      await mutateAsync(current.current);
      change(settleBatch(current.current, null));
    } catch (err) {
      setError(err);
      change(settleBatch(current.current, err));
    } finally {
      setRunning(false);
    }
  }, [mutateAsync]);

  const sent = items.filter((i) => i.status === 'sent').length;
  return {
    items,
    running,
    /** Why the batch was refused (or got no answer); null before and after a success. */
    error,
    /** Nothing sent yet: the confirmation still stands. */
    started: items.some((i) => i.status !== 'waiting'),
    sent,
    unsent: items.length - sent,
    send,
  };
}
