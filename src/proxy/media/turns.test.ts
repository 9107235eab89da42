import { describe, expect, it } from 'vitest';
import { Abandoned, Turns } from './turns';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Turns', () => {
  it('runs at most max at a time, the others in the order they came', async () => {
    const turns = new Turns(2);
    const started: number[] = [];
    const giveBacks: (() => void)[] = [];
    for (const n of [1, 2, 3, 4]) {
      void turns.take(new AbortController().signal).then((giveBack) => {
        started.push(n);
        giveBacks.push(giveBack);
      });
    }
    await tick();
    expect(started).toEqual([1, 2]);
    expect(turns.waiting).toBe(2);
    giveBacks[1]?.();
    // Giving a turn back twice frees one place, not two.
    giveBacks[1]?.();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    giveBacks[0]?.();
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    expect(turns.waiting).toBe(0);
  });

  it('drops a wait whose signal aborts: it never takes a turn', async () => {
    const turns = new Turns(1);
    const first = await turns.take(new AbortController().signal);
    const left = new AbortController();
    const leaving = turns.take(left.signal);
    const started: string[] = [];
    void turns.take(new AbortController().signal).then(() => started.push('after'));
    left.abort();
    await expect(leaving).rejects.toBeInstanceOf(Abandoned);
    expect(turns.waiting).toBe(1);
    first();
    await tick();
    expect(started).toEqual(['after']);
  });

  it('refuses a wait already abandoned, and an abort after the turn changes nothing', async () => {
    const turns = new Turns(1);
    const gone = new AbortController();
    gone.abort();
    await expect(turns.take(gone.signal)).rejects.toBeInstanceOf(Abandoned);
    const late = new AbortController();
    const giveBack = await turns.take(late.signal);
    late.abort();
    const next = turns.take(new AbortController().signal);
    giveBack();
    await expect(next).resolves.toBeTypeOf('function');
  });
});
