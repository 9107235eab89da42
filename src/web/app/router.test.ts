import { describe, expect, it } from 'vitest';
import { routeFromHash, routeHref } from './router';

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
