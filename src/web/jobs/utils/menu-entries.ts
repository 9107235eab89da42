import { UPSCALE_MODES, VARIATION_STRENGTHS } from '@/contract/requests/choices';
import type { MenuCapability } from './action-plan';
import type { GridAction, PanDirection } from './grid-action';
import { PAN_SCALE } from './grid-action';

/** Dialogs an action can open before it is sent. */
export type DialogKind =
  'remix' | 'zoom' | 'pan' | 'animate' | 'vary-region' | 'edit' | 'reuse-mask';

type MenuTarget = { action: GridAction } | { dialog: DialogKind };

export interface MenuEntry {
  id: string;
  label: string;
  /** When the label alone is not a name (an arrow). */
  ariaLabel?: string;
  target: MenuTarget;
}

export interface MenuGroup {
  id: string;
  heading?: string;
  row?: MenuEntry[];
  items: MenuEntry[];
}

const PAN_ARROWS: [PanDirection, string][] = [
  ['left', '←'],
  ['up', '↑'],
  ['right', '→'],
  ['down', '↓'],
];

const ZOOM_PRESETS = [1.5, 2] as const;

const entry = (id: string, label: string, target: MenuTarget, ariaLabel?: string): MenuEntry =>
  ariaLabel ? { id, label, target, ariaLabel } : { id, label, target };

function groupFor(cap: MenuCapability, imageNo: number): MenuGroup {
  switch (cap) {
    case 'upscale':
      return {
        id: cap,
        heading: 'Upscale',
        items: UPSCALE_MODES.map((mode) =>
          entry(`upscale-${mode}`, `Upscale (${mode})`, { action: { kind: cap, imageNo, mode } }),
        ),
      };
    case 'variation':
      return {
        id: cap,
        heading: 'Vary',
        items: VARIATION_STRENGTHS.map((strength) =>
          entry(`vary-${strength}`, `Vary (${strength})`, {
            action: { kind: cap, imageNo, strength },
          }),
        ),
      };
    case 'zoom':
      return {
        id: cap,
        heading: 'Zoom out',
        items: [
          ...ZOOM_PRESETS.map((scale) =>
            entry(`zoom-${scale}`, `Zoom out ${scale}×`, { action: { kind: cap, imageNo, scale } }),
          ),
          entry('zoom-custom', 'Custom zoom…', { dialog: 'zoom' }),
        ],
      };
    case 'pan':
      return {
        id: cap,
        heading: 'Pan',
        row: PAN_ARROWS.map(([direction, arrow]) =>
          entry(
            `pan-${direction}`,
            arrow,
            { action: { kind: cap, imageNo, direction, scale: PAN_SCALE.default } },
            `Pan ${direction}`,
          ),
        ),
        items: [entry('pan-custom', 'Custom pan…', { dialog: 'pan' })],
      };
    case 'enhance':
    case 'remix':
    case 'vary-region':
    case 'edit':
    case 'reuse-mask':
    case 'animate':
      return { id: cap, items: [singleEntry(cap, imageNo)] };
  }
}

type SingleCapability = Exclude<MenuCapability, 'upscale' | 'variation' | 'zoom' | 'pan'>;

function singleEntry(cap: SingleCapability, imageNo: number): MenuEntry {
  switch (cap) {
    case 'enhance':
      return entry(cap, 'Enhance', { action: { kind: cap, imageNo } });
    case 'remix':
      return entry(cap, 'Remix…', { dialog: 'remix' });
    case 'vary-region':
      return entry(cap, 'Vary region…', { dialog: 'vary-region' });
    case 'edit':
      return entry(cap, 'Edit…', { dialog: 'edit' });
    case 'reuse-mask':
      return entry(cap, 'Reuse mask…', { dialog: 'reuse-mask' });
    case 'animate':
      return entry(cap, 'Animate…', { dialog: 'animate' });
  }
}

/** Menu groups in a fixed order: single items first, sharing one group, then the families. */
export function menuGroups(caps: readonly MenuCapability[], imageNo: number): MenuGroup[] {
  const groups: MenuGroup[] = [];
  const singles: MenuEntry[] = [];
  for (const cap of caps) {
    const g = groupFor(cap, imageNo);
    if (g.heading) groups.push(g);
    else singles.push(...g.items);
  }
  return singles.length > 0 ? [{ id: 'more', items: singles }, ...groups] : groups;
}
