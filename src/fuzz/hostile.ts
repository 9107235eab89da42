import fc from 'fast-check';

/**
 * The raw material of hostile requests: path segments, query values, header values, JSON
 * values, prompts and multipart bodies that a careless or malicious client could send.
 * Every URL in them points at loopback, so nothing a server does with one leaves the machine.
 */

/** One request of the fuzz, as data, so a failing one prints in full and replays. */
export interface FuzzRequest {
  target: 'studio' | 'locked' | 'engine';
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Sent as UTF-8, or byte for byte when `bytes` (each character one byte, as latin1). */
  body?: string;
  bytes?: boolean;
  /** Announces more body than is sent and hangs up: the answer does not matter. */
  cutShort?: boolean;
}

/** `arb` one time in `n`, else null. */
export const oneIn = <T>(n: number, arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

/** A closed loopback port: a fetch of it fails at once, and never leaves the machine. */
export const DEAD_URL = 'http://127.0.0.1:9/x.png';

const printable = (min: number, max: number) =>
  fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** Header-safe text (node refuses control characters in header values). */
export const headerText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ unit: printable(0x20, 0x7e), maxLength }),
    fc.string({ unit: fc.oneof(printable(0x20, 0x7e), printable(0x80, 0xff)), maxLength }),
    fc.integer({ min: 1000, max: 6000 }).map((n) => 'h'.repeat(n)),
  );

/** Latin1 text of any byte, for bodies. */
export const bytes = (maxLength = 200) => fc.string({ unit: printable(0, 0xff), maxLength });

const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2f',
  '%5c',
  '%00',
  '%',
  '%zz',
  '%c0%af',
  '%ED%A0%80',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '__proto__',
  'constructor',
  'toString',
  'null',
  '-1',
  '0',
  '3',
  '24',
  '999',
  '99999999999999999999',
  'grid',
  'probe',
  'favourite',
  'lineage',
  'events',
  ';x=1',
  '~',
  '*',
  'a.png',
  'index.html',
];

/** A path segment: `real` ones of the route table, near misses, and what should never be. */
export const segment = (real: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{10,16}$/) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: fc.integer({ min: 300, max: 6000 }).map((n) => 'a'.repeat(n)) },
  );

/** A query value: sensible, wrong, encoded oddly or very long. */
const queryValue = (sensible: readonly string[]) =>
  fc.oneof(
    // Spaces are the one thing node will not put in a request line.
    fc.constantFrom(...sensible).map((v) => v.replace(/ /g, '+')),
    fc.constantFrom(
      '',
      '%',
      '%zz',
      '%00',
      '-1',
      '1e999',
      'NaN',
      '[]',
      '{}',
      '"',
      '*',
      'AND',
      'NEAR(',
    ),
    fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
    fc.integer({ min: 500, max: 4000 }).map((n) => 'q'.repeat(n)),
  );

/** `?a=1&b=2` from chosen keys, or nothing. */
export const query = (params: Record<string, readonly string[]>) =>
  fc
    .array(
      fc
        .constantFrom(...Object.keys(params))
        .chain((key) => queryValue(params[key] ?? ['x']).map((v) => `${key}=${v}`)),
      { maxLength: 5 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));

/**
 * A value nested thousands of levels deep cannot be built and stringified here (the stack
 * would overflow on this side first), so it travels as a marker that `jsonText` expands.
 */
const DEEP_MARK = '\u0000deep:';
const nested = (depth: number, arrays: boolean) =>
  arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A value's JSON text, with each deep marker in it expanded. */
export const jsonText = (value: unknown): string =>
  (JSON.stringify(value) ?? 'null').replace(/"\\u0000deep:(\d+)"/g, (_, n: string) =>
    nested(Number(n), Number(n) % 2 === 0),
  );

/** Any JSON value a field should not have, and some it may. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 40, max: 60_000 }).map((n) => `${DEEP_MARK}${n}`),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 24, 3, 9999),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    DEAD_URL,
    'http://[::1]:9/x.png',
    'http://localhost:9/x.png',
    'javascript:alert(1)',
    'file:///etc/passwd',
    '0b6f1f5e-2f3c-4d5e-8f90-123456789abc',
    '4K',
    '16:9',
  ),
  fc.integer({ min: 1000, max: 9000 }).map((n) => 'x'.repeat(n)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.integer({ min: -10_000, max: 10_000 }), { maxLength: 40 }),
);

const FLAGS = [
  '--ar 16:9',
  '--ar 999:1',
  '--ar 0:0',
  '--ar -1:2',
  '--ar 1:',
  '--chaos 300',
  '--chaos -5',
  '--chaos',
  '--stylize 99999',
  '--seed 99999999999',
  '--seed -1',
  '--v 7 --draft',
  '--draft',
  '--v 99',
  '--niji 6',
  '--q 9',
  '--iw 3',
  '--sref ' + DEAD_URL,
  '--cref ' + DEAD_URL,
  '--no',
  '--no dogs, cats',
  '--tile',
  '--turbo --fast --relax',
  '--weird 3000',
  '--video',
  '--motion high',
  '--',
  '—ar 16:9',
  '::',
  '::-2',
  '{red, blue, green}',
  '{{{{{{{{',
  '}}}}',
];

/** A prompt of up to about 8 KB, thick with flags right and wrong. */
export const hostilePrompt = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...FLAGS), fc.string({ unit: 'grapheme', maxLength: 12 })), {
      maxLength: 600,
    }),
    fc.integer({ min: 0, max: 8300 }),
  )
  .map(([words, max]) => words.join(' ').slice(0, max) || 'a cat --chaos 300');

/** A JSON text that nests `depth` arrays or objects. */
export const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) => nested(depth, arrays));

/** JSON texts that are not quite JSON. */
export const brokenJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"operation":',
    '{"text":"a',
    '[1,2',
    'nul',
    '{"a":1,}',
    '\u00ef\u00bb\u00bf{}',
    '{"a":1}{"b":2}',
  ),
  fc.jsonValue().map((v) => {
    const text = jsonText(v);
    return text.slice(0, Math.max(0, text.length - 1));
  }),
  bytes(300),
);

const BOUNDARY_TYPES = [
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary="x"',
  'multipart/form-data; boundary=' + 'b'.repeat(200),
  'multipart/form-data; charset=utf-8',
  'multipart/mixed; boundary=x',
];

/** A multipart body around `x`, with pieces dropped or mangled: [content-type, body]. */
export const badMultipart = (payload: fc.Arbitrary<string>) =>
  fc
    .record({
      type: fc.constantFrom(...BOUNDARY_TYPES),
      field: fc.constantFrom('file', 'image', '', 'file"; filename="../../x.png'),
      open: fc.boolean(),
      partHeaders: fc.boolean(),
      close: fc.constantFrom('\r\n--x--\r\n', '', '\r\n--x', '--x--', '\r\n--y--\r\n'),
      payload,
    })
    .map(({ type, field, open, partHeaders, close, payload: data }) => {
      const head = partHeaders
        ? `content-disposition: form-data; name="${field}"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`
        : '\r\n';
      return [type, `${open ? '--x\r\n' : ''}${head}${data}${close}`] as const;
    });
