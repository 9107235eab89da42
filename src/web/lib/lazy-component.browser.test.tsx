import { useState, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { lazyComponent } from './lazy-component';

function Dialog() {
  return (
    <div role="dialog" aria-label="Remix">
      Remix options
    </div>
  );
}

/** A button that mounts `Component` on click, and every text the page showed meanwhile. */
function opener(Component: ComponentType) {
  function Host() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Remix
        </button>
        {open ? <Component /> : null}
      </>
    );
  }
  const shown: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) shown.push(n.textContent ?? '');
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { Host, shown, stop: () => observer.disconnect() };
}

describe('a lazy component', () => {
  it('opens at once, with no loading text, when its chunk came before the click', async () => {
    const lazyDialog = lazyComponent(() => Promise.resolve(Dialog), { fallback: 'Loading…' });
    lazyDialog.prefetch();
    await new Promise((r) => setTimeout(r, 0));
    const { Host, shown, stop } = opener(lazyDialog.Component);
    const screen = await render(<Host />);
    await screen.getByRole('button', { name: 'Remix' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Remix' })).toBeVisible();
    stop();
    expect(shown.filter((text) => text.includes('Loading…'))).toEqual([]);
  });

  it('waits for the first idle moment when it is not what the first screen is for', async () => {
    const idle: (() => void)[] = [];
    const original = window.requestIdleCallback;
    window.requestIdleCallback = (fn: IdleRequestCallback) =>
      idle.push(() => fn({ didTimeout: false, timeRemaining: () => 50 }));
    try {
      let fetched = 0;
      const lazyBadge = lazyComponent(
        () => {
          fetched += 1;
          return Promise.resolve(Dialog);
        },
        { fallback: 'Balance…', afterFirstScreen: true },
      );
      const screen = await render(<lazyBadge.Component />);
      await expect.element(screen.getByText('Balance…')).toBeVisible();
      // Rendered, but its chunk is not asked for while the page is still busy.
      expect(fetched).toBe(0);
      for (const run of idle.splice(0)) run();
      await expect.element(screen.getByRole('dialog', { name: 'Remix' })).toBeVisible();
      expect(fetched).toBe(1);
    } finally {
      window.requestIdleCallback = original;
    }
  });

  it('shows its fallback while the chunk is on its way, then the component', async () => {
    let arrive: (c: typeof Dialog) => void = () => undefined;
    const chunk = new Promise<typeof Dialog>((resolve) => (arrive = resolve));
    const lazyDialog = lazyComponent(() => chunk, { fallback: 'Loading…' });
    const { Host, stop } = opener(lazyDialog.Component);
    const screen = await render(<Host />);
    await screen.getByRole('button', { name: 'Remix' }).click();
    await expect.element(screen.getByText('Loading…')).toBeVisible();
    arrive(Dialog);
    await expect.element(screen.getByRole('dialog', { name: 'Remix' })).toBeVisible();
    await expect.element(screen.getByText('Loading…')).not.toBeInTheDocument();
    stop();
  });

  it('gives a fallback that is a function of the props it will render with', async () => {
    let arrive: (c: (p: { label: string }) => ReactNode) => void = () => undefined;
    const chunk = new Promise<(p: { label: string }) => ReactNode>((resolve) => (arrive = resolve));
    const Badge = lazyComponent(() => chunk, {
      fallback: ({ label }) => <span>{label}: loading</span>,
    }).Component;
    const screen = await render(<Badge label="Balance" />);
    await expect.element(screen.getByText('Balance: loading')).toBeVisible();
    arrive(({ label }) => <strong>{label}: 12 credits</strong>);
    await expect.element(screen.getByText('Balance: 12 credits')).toBeVisible();
    await expect.element(screen.getByText('Balance: loading')).not.toBeInTheDocument();
  });
});
