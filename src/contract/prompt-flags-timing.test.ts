import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_SHAPES, filled, type PromptShape } from './adversarial-prompts';
import { parsePrompt, serializePrompt, validateFlags } from './prompt-flags';
import { PROMPT_MAX } from './requests/limits';

/*
 * A create parses and validates its prompt before anything else can refuse it, so the
 * cost of a prompt must grow with its length and no faster, whatever it holds.
 *
 * On a shared machine a run is often descheduled or paused for garbage collection, which
 * only ever adds time. So each figure is the fastest of many runs, and sampling goes on
 * until the fastest runs meet both bounds (after a few, so that the growth is not read
 * from one pair) or the budget is spent: a linear parser needs one undisturbed run of
 * each length, a quadratic one never gets near the bounds.
 */

const SMALL = PROMPT_MAX / 8;
/** The bound for one longest prompt; a linear parse takes well under a tenth of that. */
const MAX_MS = 2;
/**
 * Cost per character at PROMPT_MAX over the cost per character at an eighth of it: about
 * 1 when linear, about 8 when quadratic (the regex parser this replaced measured 8).
 */
const MAX_GROWTH = 3;
const MIN_SAMPLES = 5;
const MAX_SAMPLES = 500;
const BUDGET_MS = 1500;

/** What the contract does with a prompt on a create, and the editor on every keystroke. */
function handle(prompt: string): void {
  const parsed = parsePrompt(prompt);
  validateFlags(parsed);
  serializePrompt(parsed);
}

interface Timing {
  /** The fastest handling of one prompt of PROMPT_MAX characters. */
  ms: number;
  growth: number;
}

const isLinear = (t: Timing) => t.ms < MAX_MS && t.growth < MAX_GROWTH;

/** The two lengths take turns, so warming up and the machine's load weigh on both alike. */
function timing(s: PromptShape): Timing {
  const long = filled(s, PROMPT_MAX);
  const short = filled(s, SMALL);
  // As many short prompts per sample as make one long one, so both take as long if linear.
  const batch = Math.max(1, Math.round(long.length / short.length));
  const runs = [
    () => handle(long),
    () => {
      for (let i = 0; i < batch; i++) handle(short);
    },
  ];
  const best = [Infinity, Infinity];
  const deadline = performance.now() + BUDGET_MS;
  let t: Timing = { ms: Infinity, growth: Infinity };
  for (let i = 0; i < MAX_SAMPLES; i++) {
    runs.forEach((run, k) => {
      const t0 = performance.now();
      run();
      best[k] = Math.min(best[k] ?? Infinity, performance.now() - t0);
    });
    const [ms = Infinity, shortMs = Infinity] = best;
    t = { ms, growth: ms / shortMs };
    if ((i + 1 >= MIN_SAMPLES && isLinear(t)) || performance.now() > deadline) break;
  }
  return t;
}

function expectLinear(s: PromptShape): void {
  const t = timing(s);
  expect(t.ms, `${t.ms.toFixed(3)} ms for ${PROMPT_MAX} characters`).toBeLessThan(MAX_MS);
  expect(t.growth, `cost per character grew ${t.growth.toFixed(2)}×`).toBeLessThan(MAX_GROWTH);
}

const tokens = (xs: readonly string[]) => fc.array(fc.constantFrom(...xs), { maxLength: 3 });
const UNIT_TOKENS = [' ', '\t', '\n', '\u00a0', '\u3000', '-', '--', '--ar', '--7', ':', '::'];
const MORE = [...UNIT_TOKENS, 'a', '1', '16:9', '—', '.', 'https://x/y.png', 'x--y', '--no'];

/** Any head and foot around a repeated unit of whitespace, dashes and colons. */
const shapes = fc.record({
  name: fc.constant('generated'),
  head: tokens(MORE).map((t) => t.join('')),
  unit: fc
    .array(fc.constantFrom(...UNIT_TOKENS), { minLength: 1, maxLength: 4 })
    .map((t) => t.join('')),
  foot: tokens(MORE).map((t) => t.join('')),
});

describe('the cost of a prompt grows linearly with its length', () => {
  it.each(ADVERSARIAL_SHAPES.map((s) => [s.name, s] as const))('%s', (_, s) => {
    expect(filled(s, PROMPT_MAX).length).toBeGreaterThan(PROMPT_MAX - 32);
    expectLinear(s);
  });

  it('for generated shapes of whitespace, dashes and colons', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(shapes, (s) => expectLinear(s)),
      // Shrinking a timing tells nothing more; the first failure says enough.
      { numRuns: 30, endOnFailure: true },
    );
  });
});
