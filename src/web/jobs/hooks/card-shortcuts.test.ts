import { describe, expect, it } from 'vitest';
import { imageActionPlan } from '../utils/action-plan';
import { keyActionOf } from '@/web/lib/key-actions';
import { gridShortcut } from './card-shortcuts';

/** What the key does on a card: the keyboard table names the action, the plan allows it. */
function cardShortcut(key: string, c: Parameters<typeof gridShortcut>[2]) {
  const press = { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
  const found = keyActionOf('grid', { ...press, preventDefault: () => {} });
  return found ? gridShortcut(found.id, found.key, c) : null;
}

const FEATURES = { canvasEditorAvailable: true };
const ctx = (plan: ReturnType<typeof imageActionPlan>, selected = 0) =>
  ({ plan, selected, mode: 'creative', strength: 'strong' }) as const;

describe('a grid key', () => {
  const grid = imageActionPlan(
    { upscale: [0, 1, 2, 3], variation: [0, 1, 2, 3], reroll: true },
    4,
    FEATURES,
  );

  it('picks one of the grid images with 1 to 4, and nothing past the last image', () => {
    expect(cardShortcut('3', ctx(grid))).toEqual({ kind: 'select', imageNo: 2 });
    const single = imageActionPlan({ upscale: [0] }, 1, FEATURES);
    expect(cardShortcut('2', ctx(single))).toBeNull();
    expect(cardShortcut('5', ctx(grid))).toBeNull();
  });

  it('reuses the mask with M on a vary region’s picked result, and on no other job', () => {
    const actions = { upscale: [0, 1, 2, 3], inpaint: [0, 1, 2, 3] };
    const inpaint = imageActionPlan(actions, 4, FEATURES, 'inpaint');
    expect(cardShortcut('m', ctx(inpaint, 2))).toEqual({ kind: 'reuse-mask', imageNo: 2 });
    expect(cardShortcut('m', ctx(imageActionPlan(actions, 4, FEATURES, 'diffusion')))).toBeNull();
  });

  it('runs upscale, vary and reroll on the picked image with the chosen mode', () => {
    expect(cardShortcut('u', ctx(grid, 1))).toEqual({
      kind: 'run',
      action: { kind: 'upscale', imageNo: 1, mode: 'creative' },
    });
    expect(cardShortcut('V', ctx(grid, 3))).toEqual({
      kind: 'run',
      action: { kind: 'variation', imageNo: 3, strength: 'strong' },
    });
    expect(cardShortcut('r', ctx(grid))).toEqual({ kind: 'run', action: { kind: 'reroll' } });
  });

  it('never offers what available_actions does not list', () => {
    // An upscaled image: no U, no V, no reroll listed.
    const upscaled = imageActionPlan({ variation: [1] }, 4, FEATURES);
    expect(cardShortcut('u', ctx(upscaled, 1))).toBeNull();
    expect(cardShortcut('v', ctx(upscaled, 0))).toBeNull();
    expect(cardShortcut('v', ctx(upscaled, 1))).not.toBeNull();
    expect(cardShortcut('r', ctx(upscaled))).toBeNull();
    expect(cardShortcut('x', ctx(grid))).toBeNull();
  });
});
