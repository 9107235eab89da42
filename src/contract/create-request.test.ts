import { describe, expect, it } from 'vitest';
import { promptOfParams } from './create-request';
import { OPERATIONS, OPERATION_NAMES } from './operations';
import { PROMPT_FIELDS } from './requests/prompt-fields';

describe('the prompt fields', () => {
  it('name one field of each operation, or none', () => {
    expect(Object.keys(PROMPT_FIELDS).sort()).toEqual([...OPERATION_NAMES].sort());
    for (const name of OPERATION_NAMES) {
      const field = PROMPT_FIELDS[name];
      if (field !== null) expect(Object.keys(OPERATIONS[name].fields)).toContain(field);
    }
  });

  it('give the prompt a create carries', () => {
    expect(promptOfParams('diffusion', { text: 'a fox --ar 3:2' })).toBe('a fox --ar 3:2');
    expect(promptOfParams('remix', { imageNo: 0, remixPrompt: 'at dusk' })).toBe('at dusk');
    expect(promptOfParams('variation', { imageNo: 0, remixPrompt: '' })).toBeNull();
    expect(promptOfParams('upscale', { imageNo: 0, type: 0 })).toBeNull();
    expect(promptOfParams('diffusion', null)).toBeNull();
  });
});
