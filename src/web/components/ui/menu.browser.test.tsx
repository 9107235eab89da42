import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '@/web/styles.css';
import type { MenuItem, MenuSection } from './menu';
import { MenuButton } from './menu';
import { MenuSections } from './menu-sections';

const chosen = vi.fn<(id: string) => void>();
const item = (id: string, label: string, ariaLabel?: string): MenuItem => ({
  id,
  label,
  ...(ariaLabel ? { ariaLabel } : {}),
  onSelect: () => chosen(id),
});

/** A menu like an image's "More actions": a plain section, then a row of pan arrows. */
const SECTIONS: MenuSection[] = [
  { id: 'reuse', items: [item('remix', 'Remix'), item('zoom', 'Zoom out')] },
  {
    id: 'pan',
    heading: 'Pan',
    row: [item('left', '←', 'Pan left'), item('right', '→', 'Pan right')],
    items: [item('edit', 'Edit')],
  },
];

async function renderMenu() {
  chosen.mockReset();
  const screen = await render(
    <div className="p-8">
      <button type="button">Before</button>
      <MenuButton
        label="More actions for image 1"
        menuLabel="Actions for image 1"
        content={(select) => <MenuSections sections={SECTIONS} onSelect={select} />}
      >
        ⋯
      </MenuButton>
      <button type="button">After</button>
    </div>,
  );
  const trigger = screen.getByRole('button', { name: 'More actions for image 1' });
  // Hidden included: a closed menu is out of the accessibility tree, and is looked at too.
  const menu = screen.getByRole('menu', { name: 'Actions for image 1', includeHidden: true });
  const focused = () =>
    document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent;
  return { screen, trigger, menu, focused };
}

/** False, then true 150 ms after mounting: as code that is still on its way. */
function useArrived(): boolean {
  const [here, setHere] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setHere(true), 150);
    return () => clearTimeout(t);
  }, []);
  return here;
}

describe('the menu button', () => {
  it('renders no items while closed, and opens on a click with the first item focused', async () => {
    const { screen, trigger, menu, focused } = await renderMenu();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('menuitem', { includeHidden: true }).all()).toHaveLength(0);

    await trigger.click();
    await expect.element(menu).toBeVisible();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect.element(menu.getByRole('menuitem', { name: 'Remix' })).toHaveFocus();
    expect(focused()).toBe('Remix');
    // The Pan section is a named group; its heading is only for the eye.
    await expect.element(menu.getByRole('group', { name: 'Pan' })).toBeVisible();
  });

  it('walks the items with the arrow keys, wrapping, and jumps with Home and End', async () => {
    const { trigger, focused } = await renderMenu();
    await trigger.click();
    const order: (string | null | undefined)[] = [focused()];
    for (let i = 0; i < 5; i++) {
      await userEvent.keyboard('{ArrowDown}');
      order.push(focused());
    }
    // Down past the last item comes back to the first; the row's arrows are items too.
    expect(order).toEqual(['Remix', 'Zoom out', 'Pan left', 'Pan right', 'Edit', 'Remix']);

    await userEvent.keyboard('{ArrowUp}');
    expect(focused()).toBe('Edit');
    await userEvent.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Pan right');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe('Edit');
    await userEvent.keyboard('{Home}');
    expect(focused()).toBe('Remix');
    await userEvent.keyboard('{End}');
    expect(focused()).toBe('Edit');
  });

  it('acts on Enter: runs the item, closes and gives focus back to the trigger', async () => {
    const { trigger, menu } = await renderMenu();
    await trigger.click();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    expect(chosen).toHaveBeenCalledExactlyOnceWith('left');
    await expect.element(menu).not.toBeVisible();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect.element(trigger).toHaveFocus();
  });

  it('runs an item on a click', async () => {
    const { trigger, menu } = await renderMenu();
    await trigger.click();
    await menu.getByRole('menuitem', { name: 'Zoom out' }).click();
    expect(chosen).toHaveBeenCalledExactlyOnceWith('zoom');
    await expect.element(menu).not.toBeVisible();
  });

  it('closes on Escape without acting, focus back on the trigger', async () => {
    const { trigger, menu } = await renderMenu();
    await trigger.click();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    await expect.element(menu).not.toBeVisible();
    await expect.element(trigger).toHaveFocus();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(chosen).not.toHaveBeenCalled();
  });

  it('closes when Tab leaves it, and focus moves on past the trigger', async () => {
    const { screen, trigger, menu } = await renderMenu();
    await trigger.click();
    await expect.element(menu.getByRole('menuitem', { name: 'Remix' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(menu).not.toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(chosen).not.toHaveBeenCalled();
  });

  it('closes on a click outside it', async () => {
    const { screen, trigger, menu } = await renderMenu();
    await trigger.click();
    await expect.element(menu).toBeVisible();
    await screen.getByRole('button', { name: 'Before' }).click();
    await expect.element(menu).not.toBeVisible();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens above a trigger at the foot of the screen, and keeps to the right edge', async () => {
    const screen = await render(
      <div style={{ position: 'fixed', right: 0, bottom: 4 }}>
        <MenuButton
          label="More actions for image 4"
          menuLabel="Actions for image 4"
          content={(select) => <MenuSections sections={SECTIONS} onSelect={select} />}
        >
          ⋯
        </MenuButton>
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'More actions for image 4' });
    await trigger.click();
    const menu = screen.getByRole('menu', { name: 'Actions for image 4' });
    await expect.element(menu.getByRole('menuitem', { name: 'Remix' })).toHaveFocus();
    const t = trigger.element().getBoundingClientRect();
    const m = menu.element().getBoundingClientRect();
    expect(m.bottom).toBeLessThanOrEqual(t.top);
    expect(m.top).toBeGreaterThanOrEqual(0);
    expect(m.right).toBeLessThanOrEqual(window.innerWidth);
  });

  it('hands focus to the first item when all its items come after it opened', async () => {
    /** Content whose code is still on its way: nothing, then the sections. */
    function Later({ select }: { select: (item: MenuItem) => void }) {
      return useArrived() ? <MenuSections sections={SECTIONS} onSelect={select} /> : null;
    }
    const screen = await render(
      <MenuButton
        label="More actions for image 6"
        menuLabel="Actions for image 6"
        content={(select) => <Later select={select} />}
      >
        ⋯
      </MenuButton>,
    );
    await screen.getByRole('button', { name: 'More actions for image 6' }).click();
    const menu = screen.getByRole('menu', { name: 'Actions for image 6' });
    await expect.element(menu).toHaveFocus();
    await expect.element(menu.getByRole('menuitem').first()).toHaveFocus();
  });

  it('stays inside the viewport when items come after it opened', async () => {
    /** A section that shows only later, as one whose code is still on its way. */
    function Late({ select }: { select: (item: MenuItem) => void }) {
      const sections = useArrived() ? [...SECTIONS, LATE] : SECTIONS;
      return <MenuSections sections={sections} onSelect={select} />;
    }
    const LATE: MenuSection = {
      id: 'more',
      items: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((n) => item(n, n)),
    };
    const screen = await render(
      <div style={{ position: 'fixed', right: 0, top: window.innerHeight - 300 }}>
        <MenuButton
          label="More actions for image 5"
          menuLabel="Actions for image 5"
          content={(select) => <Late select={select} />}
        >
          ⋯
        </MenuButton>
      </div>,
    );
    await screen.getByRole('button', { name: 'More actions for image 5' }).click();
    const menu = screen.getByRole('menu', { name: 'Actions for image 5' });
    await expect.element(menu.getByRole('menuitem', { name: 'Six' })).toBeVisible();
    await expect
      .poll(() => menu.element().getBoundingClientRect().bottom)
      .toBeLessThanOrEqual(window.innerHeight);
    expect(menu.element().getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  });

  it('sits under its trigger, inside the viewport', async () => {
    const { trigger, menu } = await renderMenu();
    await trigger.click();
    await expect.element(menu).toBeVisible();
    const t = trigger.element().getBoundingClientRect();
    const m = menu.element().getBoundingClientRect();
    expect(m.top).toBeGreaterThanOrEqual(t.bottom);
    expect(m.left).toBeGreaterThanOrEqual(0);
    expect(m.right).toBeLessThanOrEqual(window.innerWidth);
  });
});
