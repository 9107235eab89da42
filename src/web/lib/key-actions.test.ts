import { describe, expect, it } from 'vitest';
import { KEY_ACTIONS, dispatchKey, keyActionOf, keyCaps, type KeyPress } from './key-actions';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  preventDefault: () => {},
  ...mods,
});

describe('the keyboard table', () => {
  it('binds each key once in a scope', () => {
    const seen = new Set<string>();
    for (const a of KEY_ACTIONS)
      for (const k of a.keys) {
        const where = `${a.scope} ${k.toLowerCase()}`;
        expect(seen.has(where), where).toBe(false);
        seen.add(where);
      }
  });

  it('tells undo from redo, and Ctrl from ⌘', () => {
    expect(keyActionOf('editor', press('z', { ctrlKey: true }))?.id).toBe('editor.undo');
    expect(keyActionOf('editor', press('z', { metaKey: true }))?.id).toBe('editor.undo');
    expect(keyActionOf('editor', press('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe(
      'editor.redo',
    );
    expect(keyActionOf('editor', press('y', { ctrlKey: true }))?.id).toBe('editor.redo');
    // A letter with Ctrl is the browser's (Ctrl+R reloads), not the rectangle tool.
    expect(keyActionOf('editor', press('r', { ctrlKey: true }))).toBeNull();
    expect(keyActionOf('editor', press('r'))?.id).toBe('editor.rect');
  });

  it('takes a letter in either case, `?` as Shift makes it, and Alt only where it means something', () => {
    expect(keyActionOf('grid', press('U', { shiftKey: true }))?.id).toBe('grid.upscale');
    expect(keyActionOf('page', press('?', { shiftKey: true }))?.id).toBe('help');
    expect(keyActionOf('grid', press('u', { altKey: true }))).toBeNull();
    expect(keyActionOf('editor', press('Enter', { altKey: true }))?.id).toBe('editor.finish');
    expect(keyActionOf('grid', press('3'))).toEqual({ id: 'grid.pick', key: '3' });
    expect(keyActionOf('grid', press('5'))).toBeNull();
  });

  it('leaves a key the browser acts on alone: Esc closes a dialog itself', () => {
    expect(keyActionOf('page', press('Escape'))).toBeNull();
  });

  it('keeps the browser off a key it used, and lets a key whose moment it is not pass', () => {
    let prevented = 0;
    const e = press('?', { preventDefault: () => void prevented++ });
    const used = dispatchKey('page', { help: () => {}, prompt: () => {} }, e);
    expect([used, prevented]).toEqual([true, 1]);
    const notNow = dispatchKey('page', { help: () => false, prompt: () => {} }, e);
    expect([notNow, prevented]).toEqual([false, 1]);
  });

  it('names the keys as they are printed on them', () => {
    expect(keyCaps('Mod+Shift+z')).toEqual(['Ctrl', 'Shift', 'Z']);
    expect(keyCaps(' ')).toEqual(['Space']);
    expect(keyCaps('ArrowLeft')).toEqual(['←']);
    expect(keyCaps('[')).toEqual(['[']);
  });
});
