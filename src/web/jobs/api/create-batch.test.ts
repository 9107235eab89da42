import { describe, expect, it } from 'vitest';
import { NetworkError, StudioApiError } from '@/web/lib/http';
import { newBatch, refusedItem, settleBatch } from './create-batch';

const refusal = (status: number, code: string, message: string): StudioApiError =>
  new StudioApiError({ status, code, message, hint: null, retryAfterS: null });

describe('a batch sent as one request', () => {
  it('gives every prompt its own key, kept when the batch is sent again', () => {
    const items = newBatch(['a', 'b', 'c']);
    const keys = items.map((i) => i.key);
    expect(new Set(keys).size).toBe(3);
    const failed = settleBatch(items, new NetworkError('/studio-api/jobs/batch', null));
    expect(failed.map((i) => i.key)).toEqual(keys);
    expect(failed.map((i) => i.status)).toEqual(['not-sent', 'not-sent', 'not-sent']);
    expect(settleBatch(failed, null).map((i) => i.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('marks the prompt a refusal names, and none for a refusal of the whole batch', () => {
    const items = newBatch(['a', 'b', 'c']);
    const bad = refusal(400, 'invalid_request', 'creates[1].body.params.text: is too long');
    expect(refusedItem(bad)).toBe(1);
    const settled = settleBatch(items, bad);
    expect(settled.map((i) => i.status)).toEqual(['not-sent', 'failed', 'not-sent']);
    expect(settled[1]?.error).toBe(bad);

    const budget = refusal(403, 'budget_exceeded', 'Your daily budget of 160 credits has 0 left');
    expect(refusedItem(budget)).toBeNull();
    expect(settleBatch(items, budget).every((i) => i.status === 'not-sent')).toBe(true);
  });
});
