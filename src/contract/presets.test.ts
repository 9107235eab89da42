import { describe, expect, it } from 'vitest';
import { applyPreset, flagsOf, presetDraftSchema } from './presets';

describe('applying a preset', () => {
  it("replaces the prompt's flags with the preset's and adds its suffix once", () => {
    const preset = { flags: '--ar 16:9 --s 250', suffix: 'on 35mm film' };
    const applied = applyPreset('a harbour at dawn --ar 1:1 --chaos 20', preset);
    expect(applied).toBe('a harbour at dawn on 35mm film --ar 16:9 --s 250');
    expect(applyPreset(applied, preset)).toBe(applied);
    expect(applyPreset('', preset)).toBe('on 35mm film --ar 16:9 --s 250');
    expect(applyPreset('a cat --v 7', { flags: '', suffix: 'watercolour' })).toBe(
      'a cat watercolour',
    );
  });

  it('reads the flags of a prompt as written, without its words', () => {
    expect(flagsOf('a harbour --ar 16:9  --stylize 250 --turbo')).toBe(
      '--ar 16:9  --stylize 250 --turbo',
    );
    expect(flagsOf('a harbour')).toBe('');
  });

  it('trims a draft and checks its flags as a prompt is checked', () => {
    expect(presetDraftSchema.parse({ name: ' Wide ', flags: ' --ar 16:9 ' })).toEqual({
      name: 'Wide',
      flags: '--ar 16:9',
      suffix: '',
    });
    const bad = presetDraftSchema.safeParse({ name: 'Draft', flags: '--draft' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['--draft needs --v 7']);
  });
});
