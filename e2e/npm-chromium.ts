/**
 * The Chromium headless shell that ships inside the `@sparticuz/chromium` devDependency,
 * unpacked once into `node_modules/.cache/studio-chromium/<version>/`:
 *   chromium          the browser (brotli-packed in the package)
 *   lib/              NSS, NSPR and expat (its `al2023` archive): with them on
 *                     LD_LIBRARY_PATH the browser needs nothing from the system but glibc
 *   fonts/            Open Sans and a fonts.conf naming only it, so text renders the same
 *                     on a machine with no fonts at all
 * The package's own JS unpacks the libraries only on AWS Lambda and asks for Node 22, so
 * the files are read here with node:zlib and a small reader of the two plain tar archives.
 */
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliDecompress, createBrotliDecompress } from 'node:zlib';

export interface NpmChromium {
  version: string;
  /** Where the package keeps its brotli files. */
  bin: string;
  /** The unpacked browser's directory; it exists only once complete. */
  dir: string;
  executablePath: string;
  /** What the browser process needs in its environment. */
  env: { LD_LIBRARY_PATH: string; FONTCONFIG_PATH: string };
}

function packageRoot(): string {
  try {
    const require = createRequire(import.meta.url);
    return dirname(dirname(require.resolve('@sparticuz/chromium')));
  } catch {
    throw new Error('E2E_CHROMIUM: the npm-shipped browser needs @sparticuz/chromium; npm install');
  }
}

/** Where the npm-shipped browser is (or will be) unpacked; no unpacking, cheap to call. */
export function locateNpmChromium(
  env: NodeJS.ProcessEnv = process.env,
  root = packageRoot(),
): NpmChromium {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  // node_modules/.cache, beside the package: survives between runs, gone with `npm ci`.
  const dir = join(root, '..', '..', '.cache', 'studio-chromium', version);
  const libs = [join(dir, 'lib'), ...(env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)];
  return {
    version,
    bin: join(root, 'bin'),
    dir,
    executablePath: join(dir, 'chromium'),
    env: { LD_LIBRARY_PATH: libs.join(':'), FONTCONFIG_PATH: join(dir, 'fonts') },
  };
}

const inflate = promisify(brotliDecompress);

const field = (header: Buffer, at: number, length: number) =>
  header
    .subarray(at, at + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/**
 * Writes the regular files and directories of a ustar archive under `into`. Anything
 * else (links, devices, names leaving `into`) is refused: these archives hold none.
 */
async function untar(archive: Buffer, into: string): Promise<void> {
  const base = resolve(into);
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return;
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const mode = parseInt(field(header, 100, 8).trim() || '644', 8) & 0o777;
    const type = field(header, 156, 1) || '0';
    const target = resolve(base, name);
    if (!target.startsWith(base + sep)) throw new Error(`tar entry outside its folder: ${name}`);
    if (type === '5') await mkdir(target, { recursive: true });
    else if (type === '0') {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, archive.subarray(at + 512, at + 512 + size), { mode });
    } else throw new Error(`tar entry ${name} of type ${type} is not a file or a folder`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Only the shipped fonts, so rendering does not depend on what the machine has. */
const fontsConf = (fonts: string) => `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${xml(join(fonts, 'fonts'))}</dir>
  <cachedir>${xml(join(fonts, 'cache'))}</cachedir>
</fontconfig>
`;

async function unpackInto(found: NpmChromium, temp: string): Promise<void> {
  await chmod(temp, 0o755); // mkdtemp makes it private; the cache serves whoever runs tests
  await pipeline(
    createReadStream(join(found.bin, 'chromium.br')),
    createBrotliDecompress(),
    createWriteStream(join(temp, 'chromium'), { mode: 0o755 }),
  );
  await untar(await inflate(await readFile(join(found.bin, 'al2023.tar.br'))), temp);
  await untar(await inflate(await readFile(join(found.bin, 'fonts.tar.br'))), join(temp, 'fonts'));
  // The package's fonts.conf names Lambda's folders; this one names the final ones.
  await writeFile(join(temp, 'fonts', 'fonts.conf'), fontsConf(found.env.FONTCONFIG_PATH));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Half-unpacked folders of runs that were interrupted (their process is gone). */
async function removeAbandoned(parent: string): Promise<void> {
  for (const name of await readdir(parent)) {
    const pid = /\.partial-(\d+)-/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) await rm(join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Unpacks the browser unless a complete copy is there. It is unpacked into a private
 * folder and renamed into place, so a concurrent or interrupted run never sees half a
 * browser; when two runs race, the first rename wins and the other discards its copy.
 */
export async function unpackNpmChromium(found: NpmChromium): Promise<void> {
  if (existsSync(found.executablePath)) return;
  const parent = dirname(found.dir);
  await mkdir(parent, { recursive: true });
  await removeAbandoned(parent);
  const temp = await mkdtemp(`${found.dir}.partial-${process.pid}-`);
  try {
    await unpackInto(found, temp);
    await rename(temp, found.dir).catch((e: Error) => {
      if (existsSync(found.executablePath)) return;
      throw new Error(`${found.dir} holds no complete browser; remove it (${e.message})`);
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
