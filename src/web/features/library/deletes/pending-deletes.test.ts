import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS, pendingDeletesStore } from './pending-deletes';

const actions = () => pendingDeletesStore.getState().actions;
const pendingIds = () => pendingDeletesStore.getState().pending.map((p) => p.id);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('deletes waiting out their undo time', () => {
  it('sends nothing when undone within the time', async () => {
    const sent: string[] = [];
    actions().deleteRequested({ id: 'a', ids: ['a'], label: 'a' }, async () => sent.push('a'));
    expect(pendingIds()).toEqual(['a']);
    vi.advanceTimersByTime(UNDO_MS - 1);
    actions().deleteUndone('a');
    await vi.advanceTimersByTimeAsync(UNDO_MS * 2);
    expect(sent).toEqual([]);
    expect(pendingIds()).toEqual([]);
  });

  it('sends the group once the time is over, and stays hidden until answered', async () => {
    const sent: string[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((r) => (answer = r));
    actions().deleteRequested({ id: 'b', ids: ['b', 'c'], label: '2 jobs' }, () => {
      sent.push('b,c');
      return answered;
    });
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(sent).toEqual(['b,c']);
    expect(pendingDeletesStore.getState().pending).toEqual([
      { id: 'b', ids: ['b', 'c'], label: '2 jobs', sent: true },
    ]);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(pendingIds()).toEqual([]);
  });
});
