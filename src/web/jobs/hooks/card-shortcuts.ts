import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import {
  dispatchKey,
  type KeyActionId,
  type KeyHandler,
  type KeyHandlers,
} from '@/web/lib/key-actions';
import { isShortcutPress } from '@/web/lib/keyboard';
import type { ImageActionPlan } from '../utils/action-plan';
import type { GridAction, UpscaleMode, VaryStrength } from '../utils/grid-action';

/** What a key pressed on a grid card does: pick an image, run an action, or nothing. */
export type CardShortcut =
  | { kind: 'select'; imageNo: number }
  | { kind: 'run'; action: GridAction }
  | { kind: 'reuse-mask'; imageNo: number };

interface CardKeyContext {
  plan: ImageActionPlan;
  /** The image the keys act on (0-based). */
  selected: number;
  mode: UpscaleMode;
  strength: VaryStrength;
}

/**
 * What a grid key does, offering only what the buttons offer: 1–4 pick one of the grid's
 * images, U and V act on the picked one when `available_actions` lists it for that image,
 * R rerolls when the job can be rerolled, M reuses the mask where the menu offers it.
 */
export function gridShortcut(
  id: KeyActionId<'grid'>,
  key: string,
  ctx: CardKeyContext,
): CardShortcut | null {
  const { plan, selected, mode, strength } = ctx;
  switch (id) {
    case 'grid.pick': {
      const imageNo = Number(key) - 1;
      return imageNo < plan.menus.length ? { kind: 'select', imageNo } : null;
    }
    case 'grid.upscale':
      return plan.upscaleRow.includes(selected)
        ? { kind: 'run', action: { kind: 'upscale', imageNo: selected, mode } }
        : null;
    case 'grid.vary':
      return plan.varyRow.includes(selected)
        ? { kind: 'run', action: { kind: 'variation', imageNo: selected, strength } }
        : null;
    case 'grid.reroll':
      return plan.reroll ? { kind: 'run', action: { kind: 'reroll' } } : null;
    case 'grid.reuseMask':
      return plan.menus[selected]?.includes('reuse-mask')
        ? { kind: 'reuse-mask', imageNo: selected }
        : null;
  }
}

/** The grid's key handlers, for a card or a viewer: `use` does what the key means. */
export function gridKeyHandlers(
  ctx: CardKeyContext,
  use: (shortcut: CardShortcut) => void,
): KeyHandlers<'grid'> {
  const on =
    (id: KeyActionId<'grid'>): KeyHandler =>
    (_e, key) => {
      const shortcut = gridShortcut(id, key, ctx);
      if (!shortcut) return false;
      use(shortcut);
    };
  return {
    'grid.pick': on('grid.pick'),
    'grid.upscale': on('grid.upscale'),
    'grid.vary': on('grid.vary'),
    'grid.reroll': on('grid.reroll'),
    'grid.reuseMask': on('grid.reuseMask'),
  };
}

/**
 * Listens on the card around `inside` (its <article>), so the keys act while focus is
 * anywhere on that card, and never while typing or inside its dialogs and menus.
 * Answers the picked image, or null while none was picked (the keys then mean image 1).
 */
export function useCardShortcuts(
  inside: RefObject<HTMLElement | null>,
  ctx: Omit<CardKeyContext, 'selected'>,
  run: (action: GridAction) => void,
  /** Reuse mask on image `imageNo`: the editor opens. */
  reuseMask: (imageNo: number) => void,
): number | null {
  const [picked, setPicked] = useState<number | null>(null);
  const { plan, mode, strength } = ctx;
  useEffect(() => {
    const card = inside.current?.closest('article');
    if (!card) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcutPress(e)) return;
      const ctx = { plan, mode, strength, selected: picked ?? 0 };
      dispatchKey(
        'grid',
        gridKeyHandlers(ctx, (s) => {
          if (s.kind === 'select') setPicked(s.imageNo);
          else if (s.kind === 'run') run(s.action);
          else reuseMask(s.imageNo);
        }),
        e,
      );
    };
    card.addEventListener('keydown', onKey);
    return () => card.removeEventListener('keydown', onKey);
  }, [inside, plan, mode, strength, picked, run, reuseMask]);
  return picked;
}
