import { connect } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadEnvelopeSchema, type StudioError, type Upload } from '@/contract/studio-api';
import { Stack } from '../test/harness';

let stack: Stack;
afterEach(() => stack.stopChecked());

const UUID = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;

const image = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } });

function form(bytes: Buffer, name = 'picture.png', type = 'image/png'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fd;
}

async function upload(body: FormData | Buffer, headers: Record<string, string> = {}) {
  const payload = body instanceof FormData ? body : new Uint8Array(body);
  return stack.json<{ upload?: Upload; error?: StudioError }>('/studio-api/uploads', {
    method: 'POST',
    body: payload,
    headers,
  });
}

describe('uploads', () => {
  it('stores a PNG and serves it at an unguessable public URL', async () => {
    stack = await Stack.start();
    const png = await image(30, 20).png().toBuffer();
    const res = await upload(form(png));
    expect(res.status).toBe(200);
    const up = uploadEnvelopeSchema.parse(res.body).upload;
    expect(up).toMatchObject({ width: 30, height: 20, type: 'image/png' });
    expect(up.url).toMatch(new RegExp(`^${stack.proxy.publicUrl}/u/[A-Za-z0-9_-]{22}\\.png$`));
    expect(up.url.endsWith(up.previewUrl)).toBe(true);
    expect(`${up.id} ${up.url}`).not.toMatch(UUID);

    const served = await stack.call(up.previewUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.length).toBe(up.bytes);
    expect((await fetch(up.url)).status).toBe(200);
    expect((await stack.call(`/u/${'A'.repeat(22)}.png`)).status).toBe(404);
    expect((await stack.call(up.previewUrl.replace('.png', '.gif'))).status).toBe(404);
  });

  it('applies the orientation and strips EXIF, GPS and comments', async () => {
    stack = await Stack.start();
    const jpeg = await image(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner-1234' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, { 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(200);
    const up = uploadEnvelopeSchema.parse(res.body).upload;
    // A quarter turn: the stored image is upright, 20 wide and 40 high.
    expect(up).toMatchObject({ type: 'image/jpeg', width: 20, height: 40 });
    const stored = (await stack.call(up.previewUrl)).bytes;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('secret-owner-1234')).toBe(false);
  });

  it('takes WebP and GIF as raw bodies', async () => {
    stack = await Stack.start();
    for (const [bytes, type] of [
      [await image(8, 8).webp().toBuffer(), 'image/webp'],
      [await image(8, 8).gif().toBuffer(), 'image/gif'],
    ] as const) {
      const res = await upload(bytes, { 'content-type': type });
      expect(res.status).toBe(200);
      expect(res.body.upload?.type).toBe(type);
    }
  });

  it('refuses other types, whatever the name and the declared type say', async () => {
    stack = await Stack.start();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const res = await upload(form(svg, 'cat.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'unsupported_type' });
    expect(res.body.error?.message).toMatch(/PNG, JPEG, WebP and GIF/);
    expect((await upload(Buffer.alloc(0))).status).toBe(400);
    const wrongField = new FormData();
    wrongField.append('image', new Blob([new Uint8Array(svg)]), 'x.png');
    expect((await upload(wrongField)).body.error?.message).toMatch(/^file: is required/);
  });

  it('refuses bytes that only start like an image', async () => {
    stack = await Stack.start();
    const png = await image(64, 64).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0x55)]);
    const res = await upload(form(broken));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'bad_image' });
    expect(res.body.error?.message).toMatch(/PNG/);
  });

  it('refuses images over the pixel limit and files over the size limit, naming the limit', async () => {
    stack = await Stack.start({ uploadMaxMp: 1, uploadMaxMb: 1 });
    const big = await image(1100, 1000).png().toBuffer();
    const res = await upload(form(big));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'too_many_pixels' });
    expect(res.body.error?.message).toMatch(
      /1100 × 1000 pixels \(1\.1 MP\).*1\.0 MP \(STUDIO_UPLOAD_MAX_MP\)/,
    );

    const noise = Buffer.alloc(1024 * 1024 + 200 * 1024, 1);
    for (const body of [noise, form(noise)]) {
      const r = await upload(body, body instanceof Buffer ? { 'content-type': 'image/png' } : {});
      expect(r.status).toBe(413);
      expect(r.body.error?.message).toMatch(/1 MB \(STUDIO_UPLOAD_MAX_MB\)/);
    }
  });
});

describe('uploads that are not a readable form', () => {
  const stored = () => stack.rows('SELECT id FROM uploads');
  const errorLines = () => stack.logs.filter((l) => l.includes('"level":"error"'));

  /** Sends a declared length and less body, then hangs up, as a client that gave up. */
  const cutShort = (type: string, part: string) =>
    new Promise<void>((resolve) => {
      const { port } = new URL(stack.proxy.url);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /studio-api/uploads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `content-type: ${type}\r\ncontent-length: 100000\r\n\r\n${part}`,
          () => setTimeout(() => socket.destroy(), 100),
        );
      });
      socket.on('close', () => resolve());
    });

  it('answers 400 naming the file field, stores nothing and logs no error', async () => {
    stack = await Stack.start();
    const png = (await image(8, 8).png().toBuffer()).toString('latin1');
    const shapes: [string, string][] = [
      // No closing boundary.
      ['multipart/form-data; boundary=x', '--x\r\n\r\n'],
      [
        'multipart/form-data; boundary=x',
        `--x\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\n${png}`,
      ],
      // No boundary parameter, or an empty one.
      ['multipart/form-data', `--x\r\n\r\n${png}\r\n--x--\r\n`],
      ['multipart/form-data; boundary=', '--\r\n\r\n--'],
      // Garbage.
      ['multipart/form-data; boundary=zz', 'garbage\u0000\u00ff\r\n--zz'],
    ];
    for (const [type, body] of shapes) {
      const res = await upload(Buffer.from(body, 'latin1'), { 'content-type': type });
      expect(res.status, `${type} ${JSON.stringify(body.slice(0, 40))}`).toBe(400);
      expect(res.rec.headers.get('content-type')).toBe('application/json');
      expect(res.body.error).toMatchObject({ code: 'invalid_request' });
      expect(res.body.error?.message).toMatch(/^file: the body is not a valid multipart form/);
    }
    await cutShort('multipart/form-data; boundary=x', '--x\r\n');
    await cutShort('image/png', png.slice(0, 50));
    // The proxy still answers, and has stored nothing and logged no error meanwhile.
    await new Promise((r) => setTimeout(r, 100));
    expect((await stack.call('/healthz')).status).toBe(200);
    expect(stored()).toEqual([]);
    expect(errorLines()).toEqual([]);
  });
});
