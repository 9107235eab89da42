import { describe, expect, it } from 'vitest';
import { IMAGE_RESULT_KINDS } from '@/contract/actions';
import { imageActionPlan, videoActionsAvailable } from './action-plan';
import { menuGroups } from './menu-entries';

const GRID_ACTIONS = {
  upscale: [0, 1, 2, 3],
  variation: [0, 1, 2, 3],
  remix: [0, 1, 2, 3],
  inpaint: [0, 1, 2, 3],
  outpaint: [0, 1, 2, 3],
  pan: [0, 1, 2, 3],
  edit: [0, 1, 2, 3],
  reroll: true,
};
const NO_EDITOR = { canvasEditorAvailable: false };
const EDITOR = { canvasEditorAvailable: true };

describe('imageActionPlan', () => {
  it('a grid: U and V rows for every image, reroll, and the rest in each image menu', () => {
    const plan = imageActionPlan(GRID_ACTIONS, 4, NO_EDITOR);
    expect(plan.upscaleRow).toEqual([0, 1, 2, 3]);
    expect(plan.varyRow).toEqual([0, 1, 2, 3]);
    expect(plan.reroll).toBe(true);
    expect(plan.menus).toHaveLength(4);
    for (const menu of plan.menus) expect(menu).toEqual(['remix', 'zoom', 'pan', 'animate']);
  });

  it('offers Vary region and Edit only once the canvas editor exists', () => {
    expect(imageActionPlan(GRID_ACTIONS, 4, NO_EDITOR).menus[0]).not.toContain('vary-region');
    expect(imageActionPlan(GRID_ACTIONS, 4, EDITOR).menus[0]).toEqual([
      'remix',
      'zoom',
      'pan',
      'vary-region',
      'edit',
      'animate',
    ]);
  });

  it('offers Reuse mask on the results of a vary region or edit, where that mode is allowed', () => {
    const single = { ...GRID_ACTIONS, inpaint: [0], edit: [] };
    expect(imageActionPlan(single, 1, EDITOR, 'inpaint').menus[0]).toContain('reuse-mask');
    expect(imageActionPlan(single, 1, EDITOR, 'edit').menus[0]).not.toContain('reuse-mask');
    expect(imageActionPlan(single, 1, EDITOR, 'diffusion').menus[0]).not.toContain('reuse-mask');
    expect(imageActionPlan(single, 1, NO_EDITOR, 'inpaint').menus[0]).not.toContain('reuse-mask');
    const [more] = menuGroups(['vary-region', 'reuse-mask'], 0);
    expect(more?.items.map((e) => e.label)).toEqual(['Vary region…', 'Reuse mask…']);
  });

  it('renders an action for an image only when its index list includes that image', () => {
    const plan = imageActionPlan(
      { upscale: [3, 1], variation: [2], pan: [0], outpaint: [9], reroll: false },
      4,
      NO_EDITOR,
    );
    expect(plan.upscaleRow).toEqual([1, 3]);
    expect(plan.varyRow).toEqual([2]);
    expect(plan.reroll).toBe(false);
    expect(plan.menus[0]).toEqual(['pan', 'animate']);
    expect(plan.menus[1]).toEqual(['animate']);
  });

  it('nothing listed: no rows, no reroll; image-to-video is still offered', () => {
    const plan = imageActionPlan({}, 4, NO_EDITOR);
    expect(plan).toEqual({
      upscaleRow: [],
      varyRow: [],
      reroll: false,
      menus: [['animate'], ['animate'], ['animate'], ['animate']],
    });
  });

  it('a single image (an upscale) gets U1, V1 and a menu for image 1', () => {
    const one = { upscale: [0], variation: [0], remix: [0], outpaint: [0], pan: [0] };
    const plan = imageActionPlan(one, 1, NO_EDITOR);
    expect(plan.upscaleRow).toEqual([0]);
    expect(plan.varyRow).toEqual([0]);
    expect(plan.menus).toEqual([['remix', 'zoom', 'pan', 'animate']]);
  });

  it('a draft batch has no U/V rows: upscale, vary and enhance sit in each image menu', () => {
    const all = Array.from({ length: 24 }, (_, i) => i);
    const plan = imageActionPlan(
      { upscale: all, variation: all, enhance: all, reroll: true },
      24,
      NO_EDITOR,
    );
    expect(plan.upscaleRow).toEqual([]);
    expect(plan.varyRow).toEqual([]);
    expect(plan.reroll).toBe(true);
    expect(plan.menus).toHaveLength(24);
    // Image-to-video takes grid images only, never a batch's.
    expect(plan.menus[23]).toEqual(['upscale', 'variation', 'enhance']);
  });
});

describe('menuGroups', () => {
  const labels = (caps: Parameters<typeof menuGroups>[0]) =>
    menuGroups(caps, 1).map((g) => ({
      heading: g.heading,
      row: g.row?.map((e) => e.ariaLabel ?? e.label),
      items: g.items.map((e) => e.label),
    }));

  it('names every entry as Playwright and screen readers will find it', () => {
    expect(labels(['remix', 'zoom', 'pan', 'animate'])).toEqual([
      { heading: undefined, row: undefined, items: ['Remix…', 'Animate…'] },
      {
        heading: 'Zoom out',
        row: undefined,
        items: ['Zoom out 1.5×', 'Zoom out 2×', 'Custom zoom…'],
      },
      {
        heading: 'Pan',
        row: ['Pan left', 'Pan up', 'Pan right', 'Pan down'],
        items: ['Custom pan…'],
      },
    ]);
  });

  it('turns presets into actions for that image and the rest into dialogs', () => {
    const [zoom, pan] = menuGroups(['zoom', 'pan'], 2);
    expect(zoom?.items[1]?.target).toEqual({ action: { kind: 'zoom', imageNo: 2, scale: 2 } });
    expect(zoom?.items[2]?.target).toEqual({ dialog: 'zoom' });
    expect(pan?.row?.[0]?.target).toEqual({
      action: { kind: 'pan', imageNo: 2, direction: 'left', scale: 1.5 },
    });
  });

  it('a batch image menu: Enhance, then Upscale and Vary in both modes', () => {
    expect(labels(['upscale', 'variation', 'enhance'])).toEqual([
      { heading: undefined, row: undefined, items: ['Enhance'] },
      { heading: 'Upscale', row: undefined, items: ['Upscale (subtle)', 'Upscale (creative)'] },
      { heading: 'Vary', row: undefined, items: ['Vary (subtle)', 'Vary (strong)'] },
    ]);
  });
});

describe('videoActionsAvailable', () => {
  it('clips of a video task can be extended and upscaled; an upscaled clip cannot', () => {
    expect(videoActionsAvailable('video_diffusion')).toEqual({ extend: true, upscale: true });
    expect(videoActionsAvailable('extend_video')).toEqual({ extend: true, upscale: true });
    expect(videoActionsAvailable('video_upscale')).toEqual({ extend: false, upscale: false });
  });
});

/** What a plan offers, in the service's action names (animate is the studio's own). */
function offered(plan: ReturnType<typeof imageActionPlan>): string[] {
  const names = new Set<string>();
  if (plan.upscaleRow.length > 0) names.add('upscale');
  if (plan.varyRow.length > 0) names.add('variation');
  if (plan.reroll) names.add('reroll');
  const SERVICE_NAME: Record<string, string | null> = {
    upscale: 'upscale',
    variation: 'variation',
    enhance: 'enhance',
    remix: 'remix',
    zoom: 'outpaint',
    pan: 'pan',
    'vary-region': 'inpaint',
    edit: 'edit',
    animate: null,
  };
  for (const menu of plan.menus) {
    for (const entry of menu) {
      const name = SERVICE_NAME[entry];
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

describe('the contract lists the actions, the studio shows them', () => {
  for (const [kind, { images, actions }] of Object.entries(IMAGE_RESULT_KINDS)) {
    it(`a ${kind}: exactly the actions the contract lists`, () => {
      const listed = Object.entries(actions)
        .filter(([, v]) => v === true || (Array.isArray(v) && v.length > 0))
        .map(([name]) => name)
        .sort();
      expect(offered(imageActionPlan(actions, images, EDITOR))).toEqual(listed);
    });
  }
});
