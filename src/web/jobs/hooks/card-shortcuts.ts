import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { isShortcutPress } from '@/web/lib/keyboard';
import type { ImageActionPlan } from '../utils/action-plan';
import type { GridAction, UpscaleMode, VaryStrength } from '../utils/grid-action';

/** What a key pressed on a grid card does: pick an image, run an action, or nothing. */
export type CardShortcut =
  { kind: 'select'; imageNo: number } | { kind: 'run'; action: GridAction };

interface CardKeyContext {
  plan: ImageActionPlan;
  /** The image the keys act on (0-based). */
  selected: number;
  mode: UpscaleMode;
  strength: VaryStrength;
}

/**
 * The grid's keys, offering only what the buttons offer: 1–4 pick one of the grid's
 * images, U and V act on the picked one when `available_actions` lists it for that image,
 * R rerolls when the job can be rerolled.
 */
export function cardShortcut(key: string, ctx: CardKeyContext): CardShortcut | null {
  const { plan, selected, mode, strength } = ctx;
  const digit = /^[1-4]$/.test(key) ? Number(key) - 1 : null;
  if (digit !== null) return digit < plan.menus.length ? { kind: 'select', imageNo: digit } : null;
  switch (key.toLowerCase()) {
    case 'u':
      return plan.upscaleRow.includes(selected)
        ? { kind: 'run', action: { kind: 'upscale', imageNo: selected, mode } }
        : null;
    case 'v':
      return plan.varyRow.includes(selected)
        ? { kind: 'run', action: { kind: 'variation', imageNo: selected, strength } }
        : null;
    case 'r':
      return plan.reroll ? { kind: 'run', action: { kind: 'reroll' } } : null;
    default:
      return null;
  }
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
): number | null {
  const [picked, setPicked] = useState<number | null>(null);
  const { plan, mode, strength } = ctx;
  useEffect(() => {
    const card = inside.current?.closest('article');
    if (!card) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcutPress(e)) return;
      const shortcut = cardShortcut(e.key, { plan, mode, strength, selected: picked ?? 0 });
      if (!shortcut) return;
      e.preventDefault();
      if (shortcut.kind === 'select') setPicked(shortcut.imageNo);
      else run(shortcut.action);
    };
    card.addEventListener('keydown', onKey);
    return () => card.removeEventListener('keydown', onKey);
  }, [inside, plan, mode, strength, picked, run]);
  return picked;
}
