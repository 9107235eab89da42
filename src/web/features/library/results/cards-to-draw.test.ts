import { describe, expect, it } from 'vitest';
import { cardsToDraw, drawMore, drawnFor, NOTHING_DRAWN } from './cards-to-draw';

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

describe('drawnFor and drawMore', () => {
  const first = (n: number) => list(...Array.from({ length: n }, (_, i) => `j${i}`));

  it('draws a new list’s first batch and nothing more until asked', () => {
    const jobs = first(50);
    const drawn = drawnFor(NOTHING_DRAWN, jobs, 2);
    expect(drawn.count).toBe(2);
    // The same list (a running job's progress is a new object, not a new list) stays.
    expect(drawnFor(drawn, first(50), 2)).toBe(drawn);
    expect(drawMore(drawn, drawn.count + 2).count).toBe(4);
  });

  it('never draws more than the list holds', () => {
    const drawn = drawnFor(NOTHING_DRAWN, first(3), 2);
    expect(drawMore(drawn, 10).count).toBe(3);
    expect(drawMore(drawMore(drawn, 10), 20).count).toBe(3);
    expect(drawnFor(NOTHING_DRAWN, [], 2).count).toBe(0);
    expect(drawMore(drawnFor(NOTHING_DRAWN, [], 2), 4).count).toBe(0);
  });

  it('keeps the cards a new list shares with the drawn ones, plus a batch of new ones', () => {
    const scrolled = drawMore(drawnFor(NOTHING_DRAWN, first(50), 2), 10);
    // A new job on top: the ten drawn stay, with the new one (and one more below them).
    const withNew = drawnFor(scrolled, [{ id: 'new' }, ...first(50)], 2);
    expect(withNew.count).toBe(12);
    // A search sharing j1 and j3 of the drawn cards: those, and two new ones.
    const search = list('x', 'j1', 'y', 'j3', 'z', 'w');
    expect(drawnFor(scrolled, search, 2).count).toBe(4);
  });

  it('with a batch of one, a new job on top mounts that one card and no other', () => {
    const scrolled = drawMore(drawnFor(NOTHING_DRAWN, first(50), 1), 6);
    expect(drawnFor(scrolled, [{ id: 'new' }, ...first(50)], 1).count).toBe(7);
    expect(drawnFor(NOTHING_DRAWN, first(50), 1).count).toBe(1);
  });

  it('counts only the cards that were drawn as kept, not the whole list before', () => {
    const drawn = drawnFor(NOTHING_DRAWN, first(50), 2);
    // j20 was in the list before but never drawn: it is a new card.
    expect(drawnFor(drawn, list('j20', 'j21', 'j22'), 2).count).toBe(2);
  });

  it('an appended page (Load more) draws its first new cards at once', () => {
    const all = drawMore(drawnFor(NOTHING_DRAWN, first(2), 1, 2), 2);
    expect(all.count).toBe(2);
    // A search draws one new card, a page the user asked for two.
    expect(drawnFor(all, first(4), 1, 2).count).toBe(4);
    expect(drawnFor(all, first(10), 1, 2).count).toBe(4);
    expect(drawnFor(all, list('x', 'j0', 'j1', 'j2'), 1, 2).count).toBe(3);
  });

  it('drawing a card far down draws every card above it', () => {
    const drawn = drawnFor(NOTHING_DRAWN, first(50), 2);
    expect(drawMore(drawn, 31).count).toBe(31);
    expect(drawMore(drawn, 1)).toBe(drawn);
  });
});
