import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { jobMutations } from '../api/job-mutations';
import type { BatchItem } from '../api/create-batch';
import { newBatch, runBatch } from '../api/create-batch';

/**
 * Sends a batch of prompts as diffusion creates, each with its own Idempotency-Key, and
 * tells each one's progress. `retry` sends again what was not sent, with the same keys.
 * Each create goes through the single create's mutation: its retries on no answer, and
 * its job shown at the top of the feed the moment the studio answers.
 */
export function useCreateBatch(prompts: readonly string[]) {
  const client = useQueryClient();
  const { mutateAsync } = useMutation(jobMutations.create(client));
  const [items, setItems] = useState<BatchItem[]>(() => newBatch(prompts));
  const [running, setRunning] = useState(false);
  const halt = useRef(false);
  const current = useRef(items);

  const send = useCallback(async () => {
    halt.current = false;
    setRunning(true);
    const update = (index: number, change: Partial<BatchItem>) => {
      current.current = current.current.map((item, i) =>
        i === index ? { ...item, ...change } : item,
      );
      setItems(current.current);
    };
    try {
      await runBatch(current.current, {
        post: (item) =>
          mutateAsync({
            body: { operation: 'diffusion', params: { text: item.prompt } },
            idempotencyKey: item.key,
          }),
        update,
        halted: () => halt.current,
      });
    } finally {
      setRunning(false);
    }
  }, [mutateAsync]);

  const stop = useCallback(() => {
    halt.current = true;
  }, []);

  const count = (status: BatchItem['status']) => items.filter((i) => i.status === status).length;
  return {
    items,
    running,
    /** Nothing sent yet: the confirmation still stands. */
    started: items.some((i) => i.status !== 'waiting'),
    sent: count('sent'),
    unsent: items.length - count('sent'),
    send,
    stop,
  };
}
