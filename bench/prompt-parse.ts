/**
 * What every create does with its prompt before anything can refuse it (parse and validate
 * the `--flags`), on a usual prompt and on the worst shapes filled to the length limit.
 * Linear parsing keeps the worst within a small multiple of the usual per character.
 */
import { performance } from 'node:perf_hooks';
import { ADVERSARIAL_SHAPES, filled } from '@/contract/adversarial-prompts';
import type { PromptShape } from '@/contract/adversarial-prompts';
import { parsePrompt, serializePrompt, validateFlags } from '@/contract/prompt-flags';
import { PROMPT_MAX } from '@/contract/requests/limits';

const RUNS = 200;
const USUAL =
  'a lighthouse on a rocky coast at sunset, crashing waves --ar 16:9 --v 7 --stylize 250';

function samples(prompts: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = -20; i < RUNS; i++) {
    for (const prompt of prompts) {
      const t0 = performance.now();
      validateFlags(parsePrompt(prompt));
      // The first rounds only warm the compiler up.
      if (i >= 0) out.push(performance.now() - t0);
    }
  }
  return out;
}

export function benchPromptParse(): { name: string; samples: number[] }[] {
  const worst = ADVERSARIAL_SHAPES.map((s) => filled(s, PROMPT_MAX));
  return [
    { name: `a usual prompt, ${USUAL.length} characters`, samples: samples([USUAL]) },
    {
      name: `${worst.length} adversarial shapes (space runs, \`--\`, \`::\`, URLs), ${PROMPT_MAX} characters`,
      samples: samples(worst),
    },
  ];
}

/**
 * How the cost of a prompt grows with its length, per adversarial shape: the fastest
 * handling of one prompt at the length limit, over as many prompts of an eighth of it as
 * make the same length (about 1 when linear, about 8 when quadratic; the regex parser this
 * replaced measured 8). Fastest of many alternating runs, since a descheduled or
 * collected run only ever adds time. Target: under 3, and under 2 ms for the longest.
 */
export function benchPromptGrowth(): { name: string; ms: number; growth: number }[] {
  return ADVERSARIAL_SHAPES.map((s) => ({ name: s.name, ...growthOf(s) }));
}

function growthOf(s: PromptShape): { ms: number; growth: number } {
  // What a create does with the prompt, and the editor on every keystroke.
  const handle = (prompt: string) => {
    const parsed = parsePrompt(prompt);
    validateFlags(parsed);
    serializePrompt(parsed);
  };
  const long = filled(s, PROMPT_MAX);
  const short = filled(s, PROMPT_MAX / 8);
  const batch = Math.max(1, Math.round(long.length / short.length));
  const runs = [
    () => handle(long),
    () => {
      for (let i = 0; i < batch; i++) handle(short);
    },
  ];
  const best = [Infinity, Infinity];
  for (let i = 0; i < RUNS; i++) {
    runs.forEach((run, k) => {
      const t0 = performance.now();
      run();
      best[k] = Math.min(best[k] ?? Infinity, performance.now() - t0);
    });
  }
  const [ms = Infinity, shortMs = Infinity] = best;
  return { ms, growth: ms / shortMs };
}
