import { describe, expect, it } from 'vitest';
import {
  allMatching,
  bulkTargets,
  chosenIds,
  exportHref,
  extended,
  isEmpty,
  isSelected,
  noSelection,
  toggled,
} from './selection';

// Tiles in order; a job has several tiles (its outputs).
const order = ['a', 'a', 'b', 'b', 'c', 'd', 'e'];

describe('the gallery selection', () => {
  it('toggles a job with a click on any of its tiles', () => {
    let sel = toggled(noSelection, order, 1);
    expect(isSelected(sel, 'a')).toBe(true);
    sel = toggled(sel, order, 4);
    expect([...sel.ids]).toEqual(['a', 'c']);
    sel = toggled(sel, order, 0);
    expect([...sel.ids]).toEqual(['c']);
    expect(toggled(sel, order, 99)).toBe(sel);
  });

  it('extends a range from the anchor with shift-click, in either direction', () => {
    let sel = toggled(noSelection, order, 2);
    sel = extended(sel, order, 5);
    expect([...sel.ids].sort()).toEqual(['b', 'c', 'd']);
    sel = extended(sel, order, 0);
    expect([...sel.ids].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(sel.anchor).toBe(2);
    // No anchor yet: a shift-click is a click.
    expect([...extended(noSelection, order, 6).ids]).toEqual(['e']);
  });

  it('selects everything the filter matches, and a click then leaves one out', () => {
    const all = allMatching();
    expect(isSelected(all, 'zzz')).toBe(true);
    expect(isEmpty(all)).toBe(false);
    const less = toggled(all, order, 4);
    expect(less.all).toBe(false);
    expect(chosenIds(less, order)).toEqual(['a', 'b', 'd', 'e']);
    expect(isEmpty(noSelection)).toBe(true);
  });

  it('exports the ids, or the filter when all is chosen', () => {
    expect(exportHref(noSelection, 'q=fox')).toBeNull();
    const two = extended(toggled(noSelection, order, 0), order, 2);
    expect(exportHref(two, 'q=fox')).toBe('/studio-api/exports/results.zip?ids=a%2Cb');
    expect(exportHref(allMatching(), 'q=fox&operation=diffusion')).toBe(
      '/studio-api/exports/results.zip?q=fox&operation=diffusion',
    );
    const many = Array.from({ length: 501 }, (_, i) => `j${i}`);
    const big = extended(toggled(noSelection, many, 0), many, 500);
    expect(exportHref(big, '')).toBeNull();
  });

  it('names the filter for a bulk action on all, else the chosen ids in parts', () => {
    const query = 'q=fox&status=completed%2Cfailed&limit=50';
    expect(bulkTargets(allMatching(), order, query)).toEqual([
      { filter: { q: 'fox', status: 'completed,failed' } },
    ]);
    expect(bulkTargets(allMatching(), order, '', '42')).toEqual([{ filter: { cursor: '42' } }]);
    const picked = extended(toggled(noSelection, order, 0), order, 4);
    expect(bulkTargets(picked, order, query)).toEqual([{ ids: ['a', 'b', 'c'] }]);
    const many = Array.from({ length: 501 }, (_, i) => `j${i}`);
    const parts = bulkTargets(extended(toggled(noSelection, many, 0), many, 500), many, '');
    expect(parts.map((p) => p.ids?.length)).toEqual([500, 1]);
  });
});
