import { describe, expect, it } from 'vitest';
import { routeFromHash, routeHref, searchFromHash } from './router';

describe('routeFromHash', () => {
  it.each([
    ['', 'create'],
    ['#/', 'create'],
    ['#/library', 'library'],
    ['#/tools', 'tools'],
    ['#/account', 'account'],
    ['#/account?tab=x', 'account'],
    ['#/nowhere', 'create'],
  ])('%s → %s', (hash, route) => {
    expect(routeFromHash(hash)).toBe(route);
  });

  it('round-trips with routeHref', () => {
    expect(routeFromHash(routeHref('library'))).toBe('library');
  });
});

describe('searchFromHash', () => {
  it.each([
    ['', ''],
    ['#/library', ''],
    ['#/library?', ''],
    ['#/library?q=lig%20sto&status=completed', 'q=lig%20sto&status=completed'],
    ['#/library?q=a?b', 'q=a?b'],
  ])('%s → %s', (hash, search) => {
    expect(searchFromHash(hash)).toBe(search);
  });

  it('does not change the route', () => {
    expect(routeFromHash('#/library?q=lig')).toBe('library');
  });
});
