import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FLAG_RANGES, FLAG_SPECS } from '@/contract/prompt-flags';
import { PROMPT_MAX } from '@/contract/requests/limits';
import { promptStore } from '../stores/prompt-store';
import { PromptBox } from './prompt-box';

const onSubmit = vi.fn<(prompt: string) => void>();

async function renderBox() {
  // Nothing is asked of a server: the upload status read fails quietly, without retries.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screen = await render(
    <QueryClientProvider client={client}>
      <PromptBox onSubmit={onSubmit} pending={false} error={null} onDismissError={() => {}} />
    </QueryClientProvider>,
  );
  return {
    screen,
    prompt: screen.getByRole('textbox', { name: 'Prompt' }),
    generate: screen.getByRole('button', { name: 'Generate' }),
    problems: () =>
      [...document.querySelectorAll('#prompt-problems li')].map((li) => li.textContent),
    text: () => promptStore.getState().prompt,
  };
}

describe('the prompt box', () => {
  beforeEach(() => promptStore.setState({ prompt: '', previews: {} }));
  afterEach(() => onSubmit.mockReset());

  it('writes each helper as a --flag into the prompt, and reads typed flags back', async () => {
    const { screen, prompt, text } = await renderBox();
    await prompt.fill('a lighthouse in a storm');
    await screen.getByRole('button', { name: '16:9' }).click();
    expect(text()).toBe('a lighthouse in a storm --ar 16:9');
    await expect
      .element(screen.getByRole('button', { name: '16:9' }))
      .toHaveAttribute('aria-pressed', 'true');

    await screen.getByRole('spinbutton', { name: 'Stylize' }).fill('250');
    await screen.getByRole('switch', { name: 'Turbo' }).click();
    expect(text()).toBe('a lighthouse in a storm --ar 16:9 --stylize 250 --turbo');

    // Another ratio replaces the first; turbo off takes its flag out.
    await screen.getByRole('button', { name: '1:1' }).click();
    await screen.getByRole('switch', { name: 'Turbo' }).click();
    expect(text()).toBe('a lighthouse in a storm --ar 1:1 --stylize 250');

    // Typed by hand, a flag shows in its helper.
    await prompt.fill('a harbour --chaos 40 --ar 9:16');
    await expect.element(screen.getByRole('spinbutton', { name: 'Chaos' })).toHaveValue(40);
    await expect
      .element(screen.getByRole('button', { name: '9:16' }))
      .toHaveAttribute('aria-pressed', 'true');
  });

  it('names the flag and its allowed values, and refuses to send until it is fixed', async () => {
    const { prompt, generate, problems } = await renderBox();
    await prompt.fill('a cat --chaos 500');
    await expect.element(generate).toBeDisabled();
    await expect.element(prompt).toHaveAttribute('aria-invalid', 'true');
    expect(problems()).toEqual(['--chaos must be an integer from 0 to 100']);

    await prompt.fill('a cat --draft');
    expect(problems()).toEqual(['--draft needs --v 7']);
    await prompt.fill('--ar 16:9');
    expect(problems()).toEqual(['Describe the image before the --flags']);
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();

    await prompt.fill('a cat --chaos 50');
    expect(problems()).toEqual([]);
    await expect.element(generate).toBeEnabled();
  });

  it('says how long a pasted prompt is against the limit, and sends nothing over it', async () => {
    const { screen, prompt, generate, problems } = await renderBox();
    const long = 'a'.repeat(PROMPT_MAX + 1);
    await prompt.fill(long);
    await expect.element(generate).toBeDisabled();
    expect(problems()).toEqual([
      `The prompt is ${PROMPT_MAX + 1} characters; the limit is ${PROMPT_MAX}`,
    ]);
    await expect
      .element(screen.getByText(new RegExp(`^${(PROMPT_MAX + 1).toLocaleString('en')} /`)))
      .toBeVisible();
  });

  it('sends the trimmed prompt with Enter, and breaks the line with Shift+Enter', async () => {
    const { prompt, text } = await renderBox();
    await prompt.fill('  a quiet forest  ');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(text()).toContain('\n');
    await prompt.fill('  a quiet forest  ');
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('a quiet forest');
  });
  it("offers each flag's range and values as the contract states them", async () => {
    const { screen } = await renderBox();
    await screen.getByRole('button', { name: 'More options' }).click();
    const numbers = { Stylize: 'stylize', Chaos: 'chaos', Weird: 'weird', Seed: 'seed' } as const;
    for (const [label, flag] of Object.entries(numbers)) {
      const input = screen.getByRole('spinbutton', { name: label });
      const { min, max, step } = FLAG_RANGES[flag];
      await expect.element(input).toHaveAttribute('min', String(min));
      await expect.element(input).toHaveAttribute('max', String(max));
      await expect.element(input).toHaveAttribute('step', String(step));
    }
    const choicesOf = (flag: string) => {
      const spec = FLAG_SPECS.find((s) => s.name === flag);
      return spec?.kind === 'choice' ? spec.values : [];
    };
    const offered = (label: string) =>
      [...screen.getByRole('combobox', { name: label }).element().querySelectorAll('option')]
        .map((o) => o.value)
        .filter((v) => v !== '');
    expect(offered('Version')).toEqual(choicesOf('v'));
    expect(offered('Niji')).toEqual(choicesOf('niji'));
    // Quality offers the values worth choosing, each one the flag takes.
    expect(choicesOf('q')).toEqual(expect.arrayContaining(offered('Quality')));
    expect(offered('Quality').length).toBeGreaterThan(1);
  });
});
