/**
 * What every create does with its prompt before anything can refuse it (parse and validate
 * the `--flags`), on a usual prompt and on the worst shapes filled to the length limit.
 * Linear parsing keeps the worst within a small multiple of the usual per character.
 */
import { performance } from 'node:perf_hooks';
import { ADVERSARIAL_SHAPES, filled } from '@/contract/adversarial-prompts';
import { parsePrompt, validateFlags } from '@/contract/prompt-flags';
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
