/**
 * Prompts of the shapes that make a careless parser slow (long whitespace runs, endless
 * `--`, `::` and `-`, URLs), filled to any length: the timing tests of the prompt parser
 * and the benchmark use the same list.
 */
export interface PromptShape {
  name: string;
  head: string;
  /** Repeated until the prompt has the length asked for. */
  unit: string;
  foot: string;
}

const shape = (name: string, head: string, unit: string, foot = ''): PromptShape => ({
  name,
  head,
  unit,
  foot,
});

export const ADVERSARIAL_SHAPES: readonly PromptShape[] = [
  shape('a long space run between two words', 'a', ' ', 'b'),
  shape('tabs and newlines', 'a', '\t\n', 'b'),
  shape('unicode whitespace', 'a', '\u00a0\u2003\u3000\ufeff\u2028', 'b'),
  shape('spaces before a `--` that opens no flag', 'a', ' ', '--7'),
  shape('a space run inside a flag value', 'a cat --no red', ' ', 'blue'),
  shape('spaces and tabs inside the last value', 'x --sref https://x/y.png', ' \t', 'z'),
  shape('trailing whitespace', 'a cat --ar 16:9', ' '),
  shape('a switch, then spaces', 'a --tile', ' ', '--'),
  shape('many `--` tokens', 'a', ' --'),
  shape('`--flag` repeated', 'a', ' --ar'),
  shape('`--flag value` repeated', 'a', ' --ar 16:9'),
  shape('a `-` run', 'a ', '-'),
  shape('alternating space and dash', 'a', ' -', 'b'),
  shape('alternating dash and space', 'a', '- ', 'b'),
  shape('em dashes', 'a ', '—'),
  shape('`::` weights', 'a', '::'),
  shape('`:: ` weights with spaces', 'a', ':: '),
  shape('numbered weights', 'a', '::2 cat '),
  shape('one long URL', 'https://x.com/', 'a--b', '.png'),
  shape('many URLs', 'a cat', ' https://x/y.png'),
  shape('many URLs in --sref', 'a cat --sref', ' https://x/y.png'),
  shape('a long flag name', 'a --', 'x.-'),
  shape('a long number', 'a --seed ', '1', 'x'),
  shape('a long ratio', 'a --ar 1', '6', ':9'),
];

/** The shape's prompt of exactly `length` characters where its units allow, never more. */
export function filled(s: PromptShape, length: number): string {
  const room = length - s.head.length - s.foot.length;
  const units = Math.max(0, Math.floor(room / s.unit.length));
  return s.head + s.unit.repeat(units) + s.foot;
}
