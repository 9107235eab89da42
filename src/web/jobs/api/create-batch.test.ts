import { describe, expect, it } from 'vitest';
import { NetworkError, StudioApiError } from '@/web/lib/http';
import type { BatchItem } from './create-batch';
import { newBatch, runBatch } from './create-batch';

const refusal = (status: number, code: string): StudioApiError =>
  new StudioApiError({ status, code, message: code, hint: null, retryAfterS: null });

/** Runs a batch whose `post` fails as `fail` says for a prompt, and what it started. */
async function run(prompts: string[], fail: (prompt: string) => unknown = () => null) {
  const items: BatchItem[] = newBatch(prompts);
  const started: string[] = [];
  let inFlight = 0;
  let most = 0;
  await runBatch(items, {
    post: async (item) => {
      started.push(item.prompt);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      const err = fail(item.prompt);
      if (err) throw err;
    },
    update: (i, change) => Object.assign(items[i] ?? {}, change),
    halted: () => false,
  });
  return { items, started, most, status: items.map((i) => i.status) };
}

describe('sending a batch', () => {
  it('starts every prompt in order, three at most on their way at once', async () => {
    const prompts = Array.from({ length: 10 }, (_, i) => `a cat ${i}`);
    const { started, most, status } = await run(prompts);
    expect(started).toEqual(prompts);
    expect(most).toBe(3);
    expect(status).toEqual(prompts.map(() => 'sent'));
  });

  it("goes on past a refusal of one prompt's own, and stops at one that would refuse all", async () => {
    const own = await run(['a', 'b', 'c', 'd'], (p) =>
      p === 'a' ? refusal(400, 'invalid_request') : null,
    );
    expect(own.status).toEqual(['failed', 'sent', 'sent', 'sent']);

    const prompts = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const budget = await run(prompts, (p) => (p === 'p0' ? refusal(403, 'budget_exceeded') : null));
    expect(budget.status[0]).toBe('failed');
    // Those already on their way finish; nothing after them starts.
    expect(budget.started).toEqual(prompts.slice(0, 3));
    expect(budget.status.slice(3)).toEqual(prompts.slice(3).map(() => 'not-sent'));

    const offline = await run(['a', 'b', 'c', 'd', 'e'], () => new NetworkError('/x', null));
    expect(offline.status.at(-1)).toBe('not-sent');
  });

  it('sends again only what was not sent, with the keys it had', async () => {
    const items = newBatch(['a', 'b', 'c']);
    const keys = items.map((i) => i.key);
    expect(new Set(keys).size).toBe(3);
    items[0] = { ...items[0]!, status: 'sent' };
    const sentKeys: string[] = [];
    await runBatch(items, {
      post: async (item) => void sentKeys.push(item.key),
      update: () => {},
      halted: () => false,
    });
    expect(sentKeys).toEqual(keys.slice(1));
  });
});
