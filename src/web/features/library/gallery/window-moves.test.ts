import { describe, expect, it } from 'vitest';
import {
  nextWanted,
  placeShift,
  previousWanted,
  rowPlaces,
  withRows,
  type WindowView,
} from './window-moves';

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

const ids = (...names: string[]) => names.map((id) => ({ id }));

describe("where the card list's jobs moved", () => {
  it('one down for a job on top, two for two, back up when one above goes', () => {
    const was = { jobs: ids('c', 'b', 'a'), before: 0 };
    expect(placeShift(was, { jobs: ids('d', 'c', 'b', 'a'), before: 0 })).toBe(1);
    expect(placeShift(was, { jobs: ids('e', 'd', 'c', 'b', 'a'), before: 0 })).toBe(2);
    expect(placeShift(was, { jobs: ids('b', 'a'), before: 0 })).toBe(-1);
    expect(placeShift(was, was)).toBe(0);
  });

  it('nowhere when pages are let go above or fetched again: their places are counted', () => {
    const held = { jobs: ids('f', 'e', 'd', 'c'), before: 2 };
    // The first page let go, the next one fetched: the first job shown before is gone.
    expect(placeShift(held, { jobs: ids('d', 'c', 'b', 'a'), before: 4 })).toBe(0);
    // And the page above fetched again on the way back.
    expect(placeShift(held, { jobs: ids('h', 'g', 'f', 'e'), before: 0 })).toBe(0);
  });

  it('nowhere for another search, which shows none of the same jobs', () => {
    expect(placeShift({ jobs: ids('a', 'b'), before: 0 }, { jobs: ids('x', 'y'), before: 0 })).toBe(
      0,
    );
    expect(placeShift({ jobs: [], before: 0 }, { jobs: ids('x'), before: 0 })).toBe(0);
  });
});

describe('rows kept drawn away from the screen', () => {
  it('joins them to the rows drawn, in order and once each', () => {
    expect(withRows([4, 5, 6], [1, 5, 9], 20)).toEqual([1, 4, 5, 6, 9]);
    const drawn = [4, 5, 6];
    expect(withRows(drawn, [5], 20)).toBe(drawn);
  });

  it('leaves out rows the list does not have', () => {
    expect(withRows([0, 1], [-1, 2, 7], 3)).toEqual([0, 1, 2]);
  });
});
