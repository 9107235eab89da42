import { describe, expect, it } from 'vitest';
import { nextWanted, previousWanted, rowPlaces, type WindowView } from './window-moves';

/** 5 columns; 100 tiles let go above, 300 held (pages of 100): rows 20 to 80. */
const view = (over: Partial<WindowView>): WindowView => ({
  cols: 5,
  rows: 80,
  ahead: 10,
  firstDrawn: 40,
  lastDrawn: 50,
  before: 100,
  count: 300,
  backward: false,
  full: true,
  firstPage: 100,
  lastPage: 100,
  ...over,
});

describe('moving the gallery window', () => {
  it('fetches older results near the end unless the scroll goes up', () => {
    expect(nextWanted(view({ firstDrawn: 60, lastDrawn: 72 }))).toBe(true);
    expect(nextWanted(view({ firstDrawn: 60, lastDrawn: 72, backward: true }))).toBe(false);
    expect(nextWanted(view({}))).toBe(false);
  });

  it('lets the first page go only once none of it is drawn', () => {
    // The first page's places are 100-199, rows 20-39.
    expect(nextWanted(view({ firstDrawn: 39, lastDrawn: 72 }))).toBe(false);
    expect(nextWanted(view({ firstDrawn: 40, lastDrawn: 72 }))).toBe(true);
    // A window not yet full lets nothing go.
    expect(nextWanted(view({ firstDrawn: 0, lastDrawn: 72, full: false }))).toBe(true);
  });

  it('fetches newer results on the way up near the start, or at once over places let go', () => {
    expect(previousWanted(view({ firstDrawn: 25, lastDrawn: 35, backward: true }))).toBe(true);
    expect(previousWanted(view({ firstDrawn: 25, lastDrawn: 35 }))).toBe(false);
    // A jump to the top: the screen shows rows let go.
    expect(previousWanted(view({ firstDrawn: 0, lastDrawn: 10 }))).toBe(true);
    // The last page (places 300-399, rows 60-79) is drawn: it cannot go.
    expect(previousWanted(view({ firstDrawn: 0, lastDrawn: 60 }))).toBe(false);
  });

  it('does not call one end back after a fetch at the other', () => {
    // After the next page came and the first went: 200 let go, rows 40-100.
    const after = view({ before: 200, rows: 100, firstDrawn: 40, lastDrawn: 72 });
    expect(previousWanted(after)).toBe(false);
    expect(nextWanted(view({ firstDrawn: 25, lastDrawn: 35, backward: true }))).toBe(false);
  });
});

describe('a row of the grid against the window', () => {
  it('draws let-go places empty and the loaded tiles after them', () => {
    // 5 columns, 12 places let go: rows 0 and 1 are empty, row 2 has 2 empty then 3 tiles.
    expect(rowPlaces(0, 5, 12)).toEqual({ empty: 5, start: 0, end: 0 });
    expect(rowPlaces(5, 5, 12)).toEqual({ empty: 5, start: 0, end: 0 });
    expect(rowPlaces(10, 5, 12)).toEqual({ empty: 2, start: 0, end: 3 });
    expect(rowPlaces(15, 5, 12)).toEqual({ empty: 0, start: 3, end: 8 });
    expect(rowPlaces(15, 5, 0)).toEqual({ empty: 0, start: 15, end: 20 });
  });
});
