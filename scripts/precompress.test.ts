import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { initialScripts } from './bundle-budget';
import { precompressDir } from './precompress';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decode to the very same bytes', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
    const js = 'export const hello = "world";\n'.repeat(400);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    await writeFile(path.join(dir, 'app.js'), js);
    await writeFile(path.join(dir, 'tiny.js'), 'x');
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));

    await precompressDir(dir);

    const names = (await readdir(dir)).sort();
    expect(names).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'photo.png',
      'tiny.js',
    ]);
    const br = await readFile(path.join(dir, 'app.js.br'));
    const gz = await readFile(path.join(dir, 'app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
  });
});

describe('initialScripts', () => {
  it('finds the entry script and every modulepreload, not lazy chunks or styles', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" crossorigin href="/assets/index-c.css">`;
    expect(initialScripts(html)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js']);
  });
});
