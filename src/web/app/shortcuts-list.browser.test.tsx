import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { KEY_ACTIONS, KEY_SCOPES, keyCaps } from '../lib/key-actions';
import '../styles.css';
import { ShortcutsList } from './shortcuts-list';

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe('the keyboard shortcuts sheet', () => {
  it('lists every key the studio binds, under the place it acts, with what it does', async () => {
    const screen = await render(<ShortcutsList onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.element(dialog).toBeVisible();
    for (const { scope, title } of KEY_SCOPES) {
      const section = dialog.getByRole('region', { name: title });
      await expect.element(section).toBeVisible();
      for (const action of KEY_ACTIONS.filter((a) => a.scope === scope)) {
        const row = section.getByRole('definition').filter({ hasText: exactly(action.label) });
        await expect.element(row).toBeVisible();
        const term = row.element().previousElementSibling;
        for (const key of action.keys) {
          const shown = term?.querySelector(`[data-key="${CSS.escape(key)}"]`);
          const caps = [...(shown?.querySelectorAll('kbd') ?? [])].map((k) => k.textContent);
          expect(caps, `${action.id} ${key}`).toEqual(keyCaps(key));
        }
      }
    }
    // Nothing the table does not have: one row per action.
    expect(dialog.getByRole('definition').all()).toHaveLength(KEY_ACTIONS.length);
  });
});
