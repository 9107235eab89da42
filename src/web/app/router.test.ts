import { describe, expect, it } from 'vitest';
import { ACCOUNT_HREF } from '../lib/describe-error';
import { jobHref, pathRestFromHash, routeFromHash, routeHref, searchFromHash } from './router';

describe('routeFromHash', () => {
  it.each([
    ['', 'create'],
    ['#/', 'create'],
    ['#/library', 'library'],
    ['#/tools', 'tools'],
    ['#/account', 'account'],
    ['#/account?tab=x', 'account'],
    ['#/job?id=abcDEF123456', 'job'],
    ['#/collections', 'collections'],
    ['#/collections/Ab_cd-EF1234', 'collections'],
    ['#/nowhere', 'create'],
  ])('%s → %s', (hash, route) => {
    expect(routeFromHash(hash)).toBe(route);
  });

  it('round-trips with routeHref', () => {
    expect(routeFromHash(routeHref('library'))).toBe('library');
  });

  it('has the account page where error messages link to it', () => {
    expect(routeHref('account')).toBe(ACCOUNT_HREF);
  });

  it('names a job by its handle in the page’s search', () => {
    expect(jobHref('abc_DEF-1234')).toBe('#/job?id=abc_DEF-1234');
    expect(searchFromHash(jobHref('abc_DEF-1234'))).toBe('id=abc_DEF-1234');
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

describe('pathRestFromHash', () => {
  it.each([
    ['#/collections', ''],
    ['#/collections/Ab_cd-EF1234', 'Ab_cd-EF1234'],
    ['#/collections/Ab_cd-EF1234?x=1', 'Ab_cd-EF1234'],
    ['#/collections/a%20b', 'a b'],
    ['#/collections/%E0', '%E0'],
    ['#/library?q=a/b', ''],
  ])('%s → “%s”', (hash, rest) => {
    expect(pathRestFromHash(hash)).toBe(rest);
  });
});
