import { describe, expect, it } from 'vitest';
import { cardsToDraw } from './cards-to-draw';

const list = (...ids: string[]) => ids.map((id) => ({ id }));
const ids = (...xs: string[]) => new Set(xs);

describe('cardsToDraw', () => {
  it('draws a few cards of a new list, then a few more once those are drawn', () => {
    const jobs = list('a', 'b', 'c', 'd', 'e', 'f', 'g');
    expect(cardsToDraw(jobs, ids(), 3)).toBe(3);
    expect(cardsToDraw(jobs, ids('a', 'b', 'c'), 3)).toBe(6);
    expect(cardsToDraw(jobs, ids('a', 'b', 'c', 'd', 'e', 'f'), 3)).toBe(7);
  });

  it('keeps every drawn card when a new job comes on top', () => {
    const jobs = list('new', 'a', 'b', 'c', 'd', 'e');
    expect(cardsToDraw(jobs, ids('a', 'b', 'c', 'd', 'e'), 3)).toBe(6);
  });

  it('counts only the cards a refined search does not share against the batch', () => {
    const jobs = list('a', 'x', 'c', 'y', 'z', 'w', 'e');
    // a, c and e are drawn; x, y and z are new; w would be the fourth new card.
    expect(cardsToDraw(jobs, ids('a', 'b', 'c', 'd', 'e'), 3)).toBe(5);
  });

  it('draws nothing of an empty list', () => {
    expect(cardsToDraw([], ids('a'), 3)).toBe(0);
  });
});
