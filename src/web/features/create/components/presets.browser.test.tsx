import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '@/web/styles.css';
import type { Preset } from '@/contract/presets';
import { stubStudioApi, studioError } from '@/web/components/testing/studio-api-stub';
import { promptStore } from '../stores/prompt-store';
import { PromptBox } from './prompt-box';

const WIDE: Preset = {
  id: 'presetWIDE01',
  name: 'Wide film',
  flags: '--ar 16:9 --stylize 250',
  suffix: 'on 35mm film',
  createdAt: '2026-11-27T10:00:00.000Z',
};

async function renderBox(prompt: string) {
  const studio = stubStudioApi({
    'GET /studio-api/presets': { presets: [WIDE] },
    'POST /studio-api/presets': studioError(
      409,
      'name: you already have a preset named "Wide film".',
      {
        code: 'name_taken',
      },
    ),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screen = await render(
    <QueryClientProvider client={client}>
      <PromptBox onSubmit={() => {}} pending={false} error={null} onDismissError={() => {}} />
    </QueryClientProvider>,
  );
  await screen.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  return { screen, studio, text: () => promptStore.getState().prompt };
}

describe('presets in the prompt box', () => {
  beforeEach(() => promptStore.setState({ prompt: '', previews: {} }));

  it("applies a preset in one click: its flags in place of the prompt's, its suffix after the words", async () => {
    const { screen, text } = await renderBox('a harbour at dawn --ar 1:1 --chaos 20');
    await screen.getByRole('button', { name: 'Presets' }).click();
    await screen.getByRole('menuitem', { name: 'Apply Wide film' }).click();
    expect(text()).toBe('a harbour at dawn on 35mm film --ar 16:9 --stylize 250');
    // One edit of the text: undone at once.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(text()).toBe('a harbour at dawn --ar 1:1 --chaos 20');
  });

  it("saves the prompt's flags under a name, and says why the studio refused", async () => {
    const { screen, studio } = await renderBox('a lighthouse --ar 16:9 --stylize 250');
    await screen.getByRole('button', { name: 'Presets' }).click();
    await screen.getByRole('menuitem', { name: 'Save current flags as preset…' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Save flags as a preset' });
    await expect
      .element(dialog.getByRole('textbox', { name: 'Flags' }))
      .toHaveValue('--ar 16:9 --stylize 250');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Wide film');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('name: you already have a preset named "Wide film".');
    expect(studio.to('POST /studio-api/presets').map((r) => r.body)).toEqual([
      { name: 'Wide film', flags: '--ar 16:9 --stylize 250', suffix: '' },
    ]);
    // The prompt box's own form sent nothing.
    expect(studio.to('POST /studio-api/jobs')).toEqual([]);
  });
});
