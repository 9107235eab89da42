import fc from 'fast-check';
import { OPERATION_NAMES, type OperationName } from '@/contract/operations';
import { IMG, MINIMAL, UUID } from '@/contract/requests/test-helpers';
import { brokenJson, deepJson, hostilePrompt, hostileValue, jsonText } from './hostile';

/**
 * Create bodies: the smallest valid body of each operation (the contract tests' own),
 * pointed at loopback, then edited where it hurts: fields dropped, given the wrong type,
 * nested objects broken, extra keys smuggled in, prompts swapped for 8 KB of flags.
 */

type Json = Record<string, unknown>;
type Path = readonly string[];

const DROP = Symbol('drop');
const PROMPT_FIELDS = new Set(['text', 'prompt', 'remixPrompt']);
const EXTRA_KEYS = ['jobId', 'callback', 'imageNo', 'text', '__proto__', 'constructor', 'x'];

/** Every path into a JSON value, objects and arrays alike, the root excluded. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...pathsOf(v, [...at, k])]);
}

/** Sets (or deletes) as an own property, so even `__proto__` is just a key in the JSON. */
function setAt(root: Json, path: Path, value: unknown): void {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    node = node !== null && typeof node === 'object' ? (node as Json)[key] : undefined;
  }
  const last = path.at(-1);
  if (node === null || typeof node !== 'object' || last === undefined) return;
  if (value === DROP) delete (node as Json)[last];
  else
    Object.defineProperty(node, last, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** `base` with a few edits: a field dropped, replaced, or a prompt made hostile. */
export function edited(base: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(base);
  const extra = EXTRA_KEYS.map((k) => [k] as Path);
  const edit = fc.tuple(
    fc.constantFrom(...paths, ...extra),
    fc.oneof(
      { weight: 1, arbitrary: fc.constant({ drop: true }) },
      { weight: 4, arbitrary: hostileValue.map((value) => ({ value })) },
      { weight: 2, arbitrary: hostilePrompt.map((prompt) => ({ prompt })) },
    ),
  );
  return fc.array(edit, { maxLength: 4 }).map((edits) => {
    const out = structuredClone(base);
    for (const [path, e] of edits) {
      // A prompt only where prompts go: elsewhere 8 KB of flags is just one more string.
      const inPrompt = PROMPT_FIELDS.has(path.at(-1) ?? '');
      if ('drop' in e) setAt(out, path, DROP);
      else if ('value' in e) setAt(out, path, e.value);
      else setAt(out, path, inPrompt ? e.prompt : e.prompt.slice(0, 64));
    }
    return out;
  });
}

/** The contract tests' minimal bodies, with their image URL and parent swapped for ours. */
export function minimalBodies(imageUrl: string, parentJobId: string): Record<OperationName, Json> {
  const text = JSON.stringify(MINIMAL).split(IMG).join(imageUrl).split(UUID).join(parentJobId);
  return JSON.parse(text) as Record<OperationName, Json>;
}

/** A JSON text for a create: usually an edited body, else deep, broken or oversized. */
export function createText(body: fc.Arbitrary<Json>, padLimit: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: body.map(jsonText) },
    { weight: 1, arbitrary: deepJson },
    { weight: 2, arbitrary: brokenJson },
    {
      weight: 1,
      arbitrary: fc
        .tuple(body, fc.integer({ min: padLimit - 2048, max: padLimit + 2048 }))
        .map(([b, n]) => jsonText({ ...b, pad: 'p'.repeat(Math.max(0, n)) })),
    },
  );
}

export const operationName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...OPERATION_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('paint', 'Diffusion', 'upload_paint', '', 'toString') },
);
