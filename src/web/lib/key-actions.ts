/**
 * Every keyboard shortcut of the studio, in one table: where it acts, its keys and what
 * the help sheet says of it. The places that listen (the page, a grid card, the image
 * viewers, the canvas editor) hand `dispatchKey` one handler per action of their scope,
 * so a key can only be bound here, and the help sheet lists exactly these.
 *
 * A key is written as `KeyboardEvent.key` gives it, letters in lower case, with `Mod+`
 * (Ctrl, or ⌘ on a Mac) and `Shift+` in front when they are part of it.
 */

/** Where a key acts. `grid`: on a focused grid card and in an image viewer showing a grid. */
export type KeyScope = 'page' | 'grid' | 'viewer' | 'editor';

interface KeyActionSpec {
  id: string;
  scope: KeyScope;
  keys: readonly string[];
  label: string;
  /** The browser or the dialog acts on it (Esc closes a dialog): listed, not dispatched. */
  native?: true;
  /** Also taken with Alt held, which the handler reads (Alt+Enter cuts a polygon out). */
  alt?: true;
}

export const KEY_ACTIONS = [
  { id: 'help', scope: 'page', keys: ['?'], label: 'Show these shortcuts' },
  { id: 'prompt', scope: 'page', keys: ['/'], label: 'Write a prompt' },
  {
    id: 'close',
    scope: 'page',
    keys: ['Escape'],
    label: 'Close a dialog, a menu or the viewer',
    native: true,
  },
  {
    id: 'grid.pick',
    scope: 'grid',
    keys: ['1', '2', '3', '4'],
    label: 'Pick that image of the grid (the viewer shows it)',
  },
  { id: 'grid.upscale', scope: 'grid', keys: ['u'], label: 'Upscale the picked image' },
  { id: 'grid.vary', scope: 'grid', keys: ['v'], label: 'Vary the picked image' },
  { id: 'grid.reroll', scope: 'grid', keys: ['r'], label: 'Reroll the grid' },
  {
    id: 'grid.reuseMask',
    scope: 'grid',
    keys: ['m'],
    label: 'Reuse mask: the picked result of a vary region or edit, in the editor with its mask',
  },
  { id: 'viewer.previous', scope: 'viewer', keys: ['ArrowLeft'], label: 'Previous image' },
  { id: 'viewer.next', scope: 'viewer', keys: ['ArrowRight'], label: 'Next image' },
  {
    id: 'viewer.zoom',
    scope: 'viewer',
    keys: ['z'],
    label: 'Library: show the image at 100 %, or fitted again',
  },
  {
    id: 'editor.escape',
    scope: 'editor',
    keys: ['Escape'],
    label: 'Drop the shape being drawn, or close the editor',
  },
  { id: 'editor.undo', scope: 'editor', keys: ['Mod+z'], label: 'Undo' },
  { id: 'editor.redo', scope: 'editor', keys: ['Mod+Shift+z', 'Mod+y'], label: 'Redo' },
  { id: 'editor.brush', scope: 'editor', keys: ['b'], label: 'Brush' },
  { id: 'editor.eraser', scope: 'editor', keys: ['e'], label: 'Eraser' },
  { id: 'editor.rect', scope: 'editor', keys: ['r'], label: 'Rectangle' },
  { id: 'editor.lasso', scope: 'editor', keys: ['l'], label: 'Lasso' },
  { id: 'editor.polygon', scope: 'editor', keys: ['p'], label: 'Polygon' },
  { id: 'editor.move', scope: 'editor', keys: ['v'], label: 'Move the image (Edit)' },
  {
    id: 'editor.wand',
    scope: 'editor',
    keys: ['w'],
    label:
      'Magic wand: a click selects similar colour in place of the mask, with Shift adds to it, with Alt cuts it out',
  },
  { id: 'editor.grow', scope: 'editor', keys: ['.'], label: 'Grow the mask by the set pixels' },
  { id: 'editor.shrink', scope: 'editor', keys: [','], label: 'Shrink the mask by the set pixels' },
  { id: 'editor.feather', scope: 'editor', keys: ['f'], label: 'Feather the edge of the mask' },
  { id: 'editor.invert', scope: 'editor', keys: ['i'], label: 'Invert the mask' },
  { id: 'editor.saveMask', scope: 'editor', keys: ['m'], label: 'Save the mask under a name' },
  {
    id: 'editor.loadMask',
    scope: 'editor',
    keys: ['o'],
    label: 'Load the newest mask saved for this image',
  },
  {
    id: 'editor.finish',
    scope: 'editor',
    keys: ['Enter'],
    label: 'Finish the polygon (with Alt: cut it out)',
    alt: true,
  },
  { id: 'editor.smaller', scope: 'editor', keys: ['['], label: 'Smaller brush' },
  { id: 'editor.larger', scope: 'editor', keys: [']'], label: 'Larger brush' },
  { id: 'editor.pan', scope: 'editor', keys: [' '], label: 'Hold and drag to move the view' },
  { id: 'editor.magnetic', scope: 'editor', keys: ['g'], label: 'Magnetic lasso (Alt: freehand)' },
  {
    id: 'editor.back',
    scope: 'editor',
    keys: ['Backspace'],
    label: 'Take back the last anchor or corner',
  },
] as const satisfies readonly KeyActionSpec[];

type KeyAction = (typeof KEY_ACTIONS)[number];
type Dispatched = Exclude<KeyAction, { native: true }>;
export type KeyActionId<S extends KeyScope = KeyScope> = Extract<Dispatched, { scope: S }>['id'];

/** What the help sheet calls each scope, in its order. */
export const KEY_SCOPES: readonly { scope: KeyScope; title: string }[] = [
  { scope: 'page', title: 'Anywhere' },
  { scope: 'grid', title: 'On a grid card, or in the viewer on a grid image' },
  { scope: 'viewer', title: 'In the image viewer' },
  { scope: 'editor', title: 'In the canvas editor' },
];

const NAMES: Record<string, string> = {
  Mod: 'Ctrl',
  Shift: 'Shift',
  Escape: 'Esc',
  ArrowLeft: '←',
  ArrowRight: '→',
  ' ': 'Space',
};

/** A key as the help sheet and a button's hint show it: `Ctrl`, `Shift`, `Z`. */
export const keyCaps = (key: string): string[] =>
  (key === ' ' ? [' '] : key.split('+')).map((part) => NAMES[part] ?? part.toUpperCase());

/** An action's first key, as written in the table (a tool's button shows it). */
export const keyOf = (id: KeyActionId): string =>
  KEY_ACTIONS.find((a) => a.id === id)?.keys[0] ?? '';

export type KeyPress = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'preventDefault'
>;

function matches(spec: string, action: KeyActionSpec, e: KeyPress): boolean {
  const parts = spec === ' ' ? [' '] : spec.split('+');
  const key = parts[parts.length - 1] ?? '';
  const mod = parts.includes('Mod');
  if (e.key.toLowerCase() !== key.toLowerCase()) return false;
  if (mod !== (e.ctrlKey || e.metaKey)) return false;
  if (e.altKey && !action.alt) return false;
  // Shift is part of a combination with Mod; alone it only makes `?` or an upper-case letter.
  return !mod || parts.includes('Shift') === e.shiftKey;
}

/** The action of `scope` a key press names, and which of its keys it was. */
export function keyActionOf<S extends KeyScope>(
  scope: S,
  e: KeyPress,
): { id: KeyActionId<S>; key: string } | null {
  for (const action of KEY_ACTIONS as readonly KeyActionSpec[]) {
    if (action.scope !== scope || action.native) continue;
    const key = action.keys.find((k) => matches(k, action, e));
    if (key !== undefined) return { id: action.id as KeyActionId<S>, key };
  }
  return null;
}

/** Acts on the key; false when it is not one of the action's moments (nothing offered). */
export type KeyHandler = (e: KeyPress, key: string) => boolean | void;
export type KeyHandlers<S extends KeyScope> = Record<KeyActionId<S>, KeyHandler>;

/**
 * Runs the handler of the action the key press names in `scope`; answers whether it was
 * used, and then keeps the browser from acting on it too.
 */
export function dispatchKey<S extends KeyScope>(
  scope: S,
  handlers: KeyHandlers<S>,
  e: KeyPress,
): boolean {
  const found = keyActionOf(scope, e);
  if (!found || handlers[found.id](e, found.key) === false) return false;
  e.preventDefault();
  return true;
}
