import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseChromium } from './chromium';
import { locateNpmChromium, unpackNpmChromium } from './npm-chromium';

const real = dirname(locateNpmChromium().bin);
const BROWSER = '#!/bin/sh\necho fake chromium\n';

/** One ustar entry (a regular file) and the archive's end, as tar writes them. */
function tarOf(name: string, body: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('0', 156);
  header.write('ustar\0', 257);
  const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data, Buffer.alloc(1024)]);
}

let root: string;
/** A package laid out as @sparticuz/chromium: its real archives, a small stand-in browser. */
let pkg: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'npm-chromium-'));
  pkg = join(root, 'node_modules', '@sparticuz', 'chromium');
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ version: '1.2.3' }));
  writeFileSync(join(pkg, 'bin', 'chromium.br'), brotliCompressSync(BROWSER));
  for (const f of ['al2023.tar.br', 'fonts.tar.br'])
    copyFileSync(join(real, 'bin', f), join(pkg, 'bin', f));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cache = () => join(root, 'node_modules', '.cache', 'studio-chromium');

describe('the npm-shipped browser', () => {
  it('unpacks into node_modules/.cache by version: browser, libraries, fonts', async () => {
    const found = locateNpmChromium({ LD_LIBRARY_PATH: '/opt/x' }, pkg);
    expect(found.dir).toBe(join(cache(), '1.2.3'));
    expect(found.env.LD_LIBRARY_PATH).toBe(`${join(found.dir, 'lib')}:/opt/x`);
    await unpackNpmChromium(found);
    expect(execFileSync(found.executablePath, { encoding: 'utf8' })).toBe('fake chromium\n');
    for (const lib of ['libnss3.so', 'libnspr4.so', 'libexpat.so.1'])
      expect(statSync(join(found.dir, 'lib', lib)).mode & 0o111).not.toBe(0);
    const conf = readFileSync(join(found.env.FONTCONFIG_PATH, 'fonts.conf'), 'utf8');
    expect(conf).toContain(`<dir>${join(found.dir, 'fonts', 'fonts')}</dir>`);
    expect(conf).not.toContain('/tmp/fonts');
    expect(existsSync(join(found.dir, 'fonts', 'fonts', 'Open_Sans', 'OpenSans-Regular.ttf'))).toBe(
      true,
    );
    expect(readdirSync(cache())).toEqual(['1.2.3']);
  });

  it('two runs at once leave one complete copy and no partial folder', async () => {
    const found = locateNpmChromium({}, pkg);
    await Promise.all([unpackNpmChromium(found), unpackNpmChromium(found)]);
    expect(readdirSync(cache())).toEqual(['1.2.3']);
    expect(execFileSync(found.executablePath, { encoding: 'utf8' })).toBe('fake chromium\n');
  });

  it('a failed unpack leaves nothing that looks ready; the next run unpacks it', async () => {
    const found = locateNpmChromium({}, pkg);
    const good = readFileSync(join(pkg, 'bin', 'al2023.tar.br'));
    writeFileSync(join(pkg, 'bin', 'al2023.tar.br'), good.subarray(0, 1000));
    await expect(unpackNpmChromium(found)).rejects.toThrow();
    expect(readdirSync(cache())).toEqual([]);
    writeFileSync(join(pkg, 'bin', 'al2023.tar.br'), good);
    await unpackNpmChromium(found);
    expect(existsSync(join(found.dir, 'lib', 'libnss3.so'))).toBe(true);
  });

  it('removes what an interrupted run left, and keeps a running one', async () => {
    mkdirSync(join(cache(), '1.2.3.partial-999999999-1', 'lib'), { recursive: true });
    const running = `1.2.3.partial-${process.pid}-1`;
    mkdirSync(join(cache(), running));
    await unpackNpmChromium(locateNpmChromium({}, pkg));
    expect(readdirSync(cache()).sort()).toEqual(['1.2.3', running]);
  });

  it('refuses an archive entry that leaves its folder', async () => {
    const evil = brotliCompressSync(tarOf('../../escaped', 'x'));
    writeFileSync(join(pkg, 'bin', 'fonts.tar.br'), evil);
    await expect(unpackNpmChromium(locateNpmChromium({}, pkg))).rejects.toThrow(/outside/);
    expect(existsSync(join(cache(), 'escaped'))).toBe(false);
    expect(readdirSync(cache())).toEqual([]);
  });
});

describe('E2E_CHROMIUM', () => {
  it('npm chooses the npm-shipped browser even where Debian’s is installed', () => {
    const choice = chooseChromium({ E2E_CHROMIUM: 'npm' });
    expect(choice.launch.executablePath).toBe(locateNpmChromium({}).executablePath);
    expect(choice.launch.env?.LD_LIBRARY_PATH).toMatch(/studio-chromium\/[^/]+\/lib$/);
    expect(choice.label).toMatch(/^npm @sparticuz\/chromium \d+/);
  });

  it('a path chooses that executable', () => {
    const choice = chooseChromium({ E2E_CHROMIUM: process.execPath });
    expect(choice.launch.executablePath).toBe(process.execPath);
    expect(choice.launch.args).toContain('--no-sandbox');
  });

  it('a path with no executable stops the run and says what to set', () => {
    expect(() => chooseChromium({ E2E_CHROMIUM: join(root, 'chromium') })).toThrow(
      /E2E_CHROMIUM=.*no executable there.*npm/,
    );
  });
});
