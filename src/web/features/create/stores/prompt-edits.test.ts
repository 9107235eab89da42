import { describe, expect, it } from 'vitest';
import {
  promptState,
  withAspect,
  withFlagValue,
  withStyleRaw,
  withSwitch,
  withTurbo,
  withVersion,
} from './prompt-edits';
import { promptStore } from './prompt-store';

describe('flag helpers', () => {
  it('set, change and clear --ar, keeping the rest as written', () => {
    const p = withAspect('a lighthouse  --v 7', '16:9');
    expect(p).toBe('a lighthouse  --v 7 --ar 16:9');
    expect(withAspect(p, '9:16')).toBe('a lighthouse  --v 7 --ar 9:16');
    expect(withAspect(p, '16:9')).toBe('a lighthouse  --v 7');
  });

  it('edit a flag written with its alias in place', () => {
    expect(withAspect('a cat --aspect 1:1 --chaos 5', '3:2')).toBe('a cat --aspect 3:2 --chaos 5');
    expect(withFlagValue('a cat --s 50', 'stylize', '250')).toBe('a cat --s 250');
  });

  it('remove a number flag when its field is emptied', () => {
    expect(withFlagValue('a cat --chaos 20', 'chaos', '')).toBe('a cat');
  });

  it("choose a version or the service's default", () => {
    expect(withVersion('a cat', '6.1')).toBe('a cat --v 6.1');
    expect(withVersion('a cat --v 6.1', '')).toBe('a cat');
  });

  it('set seed, weird, quality, niji and --no words, and clear them when emptied', () => {
    let p = withFlagValue('a cat', 'seed', '1234');
    p = withFlagValue(p, 'weird', '250');
    p = withFlagValue(p, 'q', '2');
    p = withFlagValue(p, 'niji', '6');
    p = withFlagValue(p, 'no', 'text, people ');
    expect(p).toBe('a cat --seed 1234 --weird 250 --q 2 --niji 6 --no text, people');
    expect(withFlagValue(p, 'no', '')).toBe('a cat --seed 1234 --weird 250 --q 2 --niji 6');
    expect(withFlagValue('a cat --quality .5', 'q', '1')).toBe('a cat --quality 1');
  });

  it('switch --tile and --draft on and off', () => {
    expect(withSwitch('a cat --v 7', 'draft', true)).toBe('a cat --v 7 --draft');
    expect(withSwitch('a cat --draft --v 7', 'draft', false)).toBe('a cat --v 7');
    expect(withSwitch('a cat', 'tile', true)).toBe('a cat --tile');
  });

  it('switch --style raw, leaving another style as typed', () => {
    expect(withStyleRaw('a cat', true)).toBe('a cat --style raw');
    expect(withStyleRaw('a cat --style raw --ar 1:1', false)).toBe('a cat --ar 1:1');
    expect(withStyleRaw('a cat --style cute', false)).toBe('a cat --style cute');
    expect(withStyleRaw('a cat --style cute', true)).toBe('a cat --style raw');
  });

  it('switch turbo on in place of --fast, and off', () => {
    expect(withTurbo('a cat --fast', true)).toBe('a cat --turbo');
    expect(withTurbo('a cat --turbo --ar 1:1', false)).toBe('a cat --ar 1:1');
  });
});

describe('promptState', () => {
  it("reads the helpers' values from the prompt", () => {
    expect(promptState('a cat --ar 16:9 --v 7 --s 100 --c 5 --turbo')).toMatchObject({
      aspect: '16:9',
      version: '7',
      stylize: '100',
      chaos: '5',
      turbo: true,
      problems: [],
      canSubmit: true,
    });
  });

  it('reads the values of the More options panel', () => {
    const s = promptState('a cat --seed 7 --w 100 --q .5 --style raw --no dogs --tile --niji 6');
    expect(s).toMatchObject({
      seed: '7',
      weird: '100',
      quality: '.5',
      styleRaw: true,
      no: 'dogs',
      tile: true,
      niji: '6',
      draft: false,
      draftAllowed: false,
    });
    expect(promptState('a cat --v 7 --draft')).toMatchObject({ draft: true, draftAllowed: true });
  });

  it('says that --draft needs --v 7', () => {
    const s = promptState('a cat --draft');
    expect(s.canSubmit).toBe(false);
    expect(s.problems).toEqual(['--draft needs --v 7']);
  });

  it('lists every flag problem and blocks the submit', () => {
    const s = promptState('a cat --chaos 500 --fast --turbo --bogus');
    expect(s.canSubmit).toBe(false);
    expect(s.problems).toEqual(
      expect.arrayContaining([
        '--chaos must be an integer from 0 to 100',
        '--fast and --turbo cannot be used together',
        '--bogus is not a known flag',
      ]),
    );
    expect(s.problems).toHaveLength(3);
  });

  it('needs words before the flags, and at most 8192 characters', () => {
    expect(promptState('').canSubmit).toBe(false);
    expect(promptState('').problems).toEqual([]);
    expect(promptState(' --ar 16:9').problems[0]).toMatch(/Describe the image/);
    const long = promptState('x'.repeat(8193));
    expect(long.canSubmit).toBe(false);
    expect(long.problems).toEqual(['The prompt is 8193 characters; the limit is 8192']);
    expect(promptState('x'.repeat(8192)).canSubmit).toBe(true);
  });
});

describe('prompt store', () => {
  it('applies helper events to the draft', () => {
    const { actions } = promptStore.getState();
    actions.promptChanged('a lighthouse in a storm');
    actions.aspectChosen('16:9');
    actions.flagValueChanged('stylize', '250');
    actions.turboToggled(true);
    expect(promptStore.getState().prompt).toBe(
      'a lighthouse in a storm --ar 16:9 --stylize 250 --turbo',
    );
    actions.versionChosen('7');
    actions.switchToggled('draft', true);
    actions.styleRawToggled(true);
    actions.flagValueChanged('seed', '42');
    expect(promptStore.getState().prompt).toBe(
      'a lighthouse in a storm --ar 16:9 --stylize 250 --turbo --v 7 --draft --style raw --seed 42',
    );
  });
});
