import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';
import { completed, textOut } from './follow-up-test-support';

const LONG =
  'a breathtaking panoramic view of a majestic ancient castle::3 perched on a rugged cliff, ' +
  'swirling misty clouds at golden hour, intricate stonework, cinematic lighting::0.5, ' +
  'ultra detailed painting --ar 16:9 --v 6 --stylize 250';

const wordsOf = (s: string) =>
  s
    .replace(/--\S+( \S+)?/g, ' ')
    .split(/[\s,]+|::[\d.]*/)
    .filter(Boolean);

describe('shorten', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 10 });
  });
  afterAll(() => t.stop());

  it('gives 5 shorter prompts keeping flags and the most weighted terms, listing what went', async () => {
    const done = await completed(t, 'shorten', { prompt: LONG });
    expect(done.task_type).toBe('shorten');
    expect(done.meta?.usage.frozen).toBe(20);
    const out = textOut(done);
    expect(out.prompts).toHaveLength(5);
    const lengths = out.prompts.map((p) => p.length);
    for (const p of out.prompts) {
      expect(p.length).toBeLessThan(LONG.length);
      expect(p).toMatch(/ --ar 16:9 --v 6 --stylize 250$/);
      // `castle::3` outweighs everything else: every version keeps it, weight and all.
      expect(p).toContain('castle::3');
    }
    // Mildest first: each is at most as long as the one before, the last much shorter.
    for (let i = 1; i < 5; i++) expect(lengths[i]).toBeLessThanOrEqual(lengths[i - 1] ?? 0);
    expect(lengths[4] ?? 0).toBeLessThan(LONG.length * 0.6);
    // Every word a version dropped is named in its line of the description.
    const lines = (out.description ?? '').split('\n');
    out.prompts.forEach((p, i) => {
      const kept = new Set(wordsOf(p));
      const gone = wordsOf(LONG).filter((w) => !kept.has(w));
      expect(gone.length).toBeGreaterThan(0);
      for (const w of gone) expect(lines[i]).toContain(w);
    });
    expect(out.prompts[4]).not.toContain('a ');
    expect(out.finalPrompt).toBe(out.prompts[2]);
    expect(out.promptEn?.split('\n')).toEqual(out.prompts);
  });

  it('shortens a short prompt by dropping its glue words', async () => {
    const out = textOut(await completed(t, 'shorten', { prompt: 'a cat in the rain --niji 6' }));
    expect(out.prompts[0]).toBe('cat rain --niji 6');
    for (const p of out.prompts) expect(p.length).toBeLessThan('a cat in the rain --niji 6'.length);
  });

  it('refuses prompts with nothing to shorten or bad flags', async () => {
    const one = await t.post('shorten', { prompt: 'cat --ar 1:1' });
    expect(one.status).toBe(400);
    expect(one.body.error.message).toBe(
      'prompt: needs at least two words before its --flags to shorten',
    );
    const bad = await t.post('shorten', { prompt: 'a long prompt --ar 99:1' });
    expect(bad.body.error.message).toMatch(/^prompt: --ar must be a ratio/);
  });
});
