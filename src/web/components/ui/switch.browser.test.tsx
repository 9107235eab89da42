import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Switch } from './switch';

const changed = vi.fn<(on: boolean) => void>();

function Turbo({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Switch
        label="Turbo"
        checked={on}
        onChange={(next) => {
          changed(next);
          setOn(next);
        }}
        disabled={disabled}
        describedBy="turbo-note"
      />
      <p id="turbo-note">Turbo needs --v 7.</p>
    </>
  );
}

describe('the switch', () => {
  it('turns on and off by click, Space and Enter, and says so', async () => {
    changed.mockReset();
    const screen = await render(<Turbo />);
    const turbo = screen.getByRole('switch', { name: 'Turbo' });
    await expect.element(turbo).not.toBeChecked();
    await expect.element(turbo).toHaveAccessibleDescription('Turbo needs --v 7.');

    await turbo.click();
    await expect.element(turbo).toBeChecked();
    await userEvent.keyboard(' ');
    await expect.element(turbo).not.toBeChecked();
    await userEvent.keyboard('{Enter}');
    await expect.element(turbo).toBeChecked();
    expect(changed.mock.calls.map(([on]) => on)).toEqual([true, false, true]);
  });

  it('does nothing while disabled, and the note says why', async () => {
    changed.mockReset();
    const screen = await render(<Turbo disabled />);
    const turbo = screen.getByRole('switch', { name: 'Turbo' });
    await expect.element(turbo).toBeDisabled();
    await expect.element(turbo).toHaveAccessibleDescription('Turbo needs --v 7.');
    await turbo.click({ force: true });
    await expect.element(turbo).not.toBeChecked();
    expect(changed).not.toHaveBeenCalled();
  });
});
