/**
 * The tests run on the Node the project pins (the `node` devDependency, whose platform
 * package carries the binary), not on whatever Node the machine has: npm puts
 * `node_modules/.bin` first on the PATH of every script, so `npm test` and `.ci/run` run
 * on it. A Node outside `engines`, or one the pin does not name, fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

const major = (version: string): number => Number(/(\d+)/.exec(version)?.[1]);

describe('the runtime', () => {
  it('is the pinned Node, a supported line', () => {
    const pinned = pkg.devDependencies.node ?? '';
    expect(pinned, 'the node devDependency').toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(major(process.versions.node)).toBe(major(pinned));
    expect(major(pinned)).toBeGreaterThanOrEqual(major(pkg.engines.node));
  });

  it('is a line that still gets security fixes (22 and later)', () => {
    expect(pkg.engines.node).toMatch(/^>=\d+\.\d+$/);
    expect(major(pkg.engines.node)).toBeGreaterThanOrEqual(22);
  });
});
