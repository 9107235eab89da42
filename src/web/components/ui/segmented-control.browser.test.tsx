import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ChoiceRow } from './choice-row';
import { SegmentedControl } from './segmented-control';

type Mode = 'subtle' | 'creative' | 'strong';
const OPTIONS = [
  { value: 'subtle', label: 'Subtle' },
  { value: 'creative', label: 'Creative', title: 'Changes more of the image' },
  { value: 'strong', label: 'Strong' },
] as const;

const changed = vi.fn<(mode: Mode) => void>();

function Mode({ start = 'subtle' }: { start?: Mode }) {
  const [mode, setMode] = useState<Mode>(start);
  return (
    <>
      <button type="button">Before</button>
      <ChoiceRow label="Mode">
        <SegmentedControl
          label="Upscale mode"
          options={OPTIONS}
          value={mode}
          onChange={(m) => {
            changed(m);
            setMode(m);
          }}
        />
      </ChoiceRow>
    </>
  );
}

async function renderMode(start?: Mode) {
  changed.mockReset();
  const screen = await render(<Mode start={start} />);
  const group = screen.getByRole('radiogroup', { name: 'Upscale mode' });
  const checked = () => group.getByRole('radio', { checked: true }).element().textContent;
  return { screen, group, checked };
}

describe('the segmented control', () => {
  it('is one radio group named by its label, the chosen option checked', async () => {
    const { screen, group, checked } = await renderMode('creative');
    await expect.element(group).toBeVisible();
    expect(group.getByRole('radio').all()).toHaveLength(3);
    expect(checked()).toBe('Creative');
    await expect
      .element(group.getByRole('radio', { name: 'Creative' }))
      .toHaveAttribute('title', 'Changes more of the image');
    // The caption beside it is for the eye: the group carries its own name.
    await expect.element(screen.getByText('Mode', { exact: true })).toHaveAttribute('aria-hidden');
  });

  it('takes one Tab stop, on the chosen option', async () => {
    const { screen, group } = await renderMode('strong');
    await screen.getByRole('button', { name: 'Before' }).click();
    await userEvent.keyboard('{Tab}');
    await expect.element(group.getByRole('radio', { name: 'Strong' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(group.element().contains(document.activeElement)).toBe(false);
  });

  it('moves the choice and the focus with the arrow keys, round the ends', async () => {
    const { group, checked } = await renderMode();
    await group.getByRole('radio', { name: 'Subtle' }).click();
    changed.mockReset();

    await userEvent.keyboard('{ArrowRight}');
    expect(checked()).toBe('Creative');
    await expect.element(group.getByRole('radio', { name: 'Creative' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(checked()).toBe('Strong');
    await userEvent.keyboard('{ArrowRight}');
    expect(checked()).toBe('Subtle');
    await userEvent.keyboard('{ArrowLeft}');
    expect(checked()).toBe('Strong');
    await userEvent.keyboard('{ArrowUp}');
    expect(checked()).toBe('Creative');
    await expect.element(group.getByRole('radio', { name: 'Creative' })).toHaveFocus();
    expect(changed.mock.calls.map(([m]) => m)).toEqual([
      'creative',
      'strong',
      'subtle',
      'strong',
      'creative',
    ]);
  });

  it('chooses by a click, and leaves other keys alone', async () => {
    const { group, checked } = await renderMode();
    await group.getByRole('radio', { name: 'Strong' }).click();
    expect(checked()).toBe('Strong');
    expect(changed).toHaveBeenCalledExactlyOnceWith('strong');
    await userEvent.keyboard('{Home}x');
    expect(checked()).toBe('Strong');
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
