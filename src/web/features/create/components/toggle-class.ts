/** The look of the prompt box's small toggles: More options, Presets. */
export const toggleClass =
  'flex h-7 items-center gap-1 rounded-md px-2 text-xs text-zinc-400 hover:bg-zinc-800 hover:text-zinc-200';
