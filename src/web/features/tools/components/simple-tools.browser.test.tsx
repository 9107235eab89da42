import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { held, studioError } from '@/web/components/testing/studio-api-stub';
import { URL_MAX, PROMPT_MAX } from '@/contract/requests/limits';
import { DescribeTool, RemoveBackgroundTool, RetextureTool, ShortenTool } from './simple-tools';
import { JOBS, renderTool } from './tool-testing';

const URL_ERROR = `must be an http:// or https:// URL of at most ${URL_MAX} characters`;
const PROMPT_ERROR = `must be a string of 1 to ${PROMPT_MAX} characters`;
const PHOTO = 'https://images.example/harbour.jpg';

describe('the Describe tool', () => {
  it('names the image field when it is not a URL, and sends nothing', async () => {
    const { tool, posted } = await renderTool(DescribeTool, 'Describe');
    const url = tool.getByRole('textbox', { name: 'Image URL' });
    // No message before the first try.
    await expect.element(url).not.toHaveAttribute('aria-invalid', 'true');
    await tool.getByRole('button', { name: 'Describe' }).click();
    await expect.element(url).toHaveAttribute('aria-invalid', 'true');
    await expect.element(url).toHaveAccessibleDescription(new RegExp(`${URL_ERROR}$`));

    await url.fill('ftp://images.example/harbour.jpg');
    await userEvent.keyboard('{Enter}');
    await expect.element(url).toHaveAccessibleDescription(new RegExp(`${URL_ERROR}$`));
    expect(posted()).toEqual([]);

    // A fix clears the message at once, before another submit.
    await url.fill(PHOTO);
    await expect.element(url).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends the describe create with the trimmed URL, and says it started', async () => {
    const { tool, posted, api } = await renderTool(DescribeTool, 'Describe');
    await tool.getByRole('textbox', { name: 'Image URL' }).fill(`  ${PHOTO} `);
    await tool.getByRole('button', { name: 'Describe' }).click();
    await expect
      .element(tool.getByRole('status'))
      .toHaveTextContent('Started: it is on top of the latest jobs.');
    expect(posted()).toEqual([{ operation: 'describe', params: { imgUrl: PHOTO } }]);
    expect(api.to(JOBS)[0]?.headers.get('Content-Type')).toBe('application/json');
  });
});

describe('the Shorten tool', () => {
  it('names the prompt field when it is empty, then sends the trimmed prompt', async () => {
    const { tool, posted } = await renderTool(ShortenTool, 'Shorten');
    const prompt = tool.getByRole('textbox', { name: 'Long prompt' });
    await tool.getByRole('button', { name: 'Shorten' }).click();
    await expect.element(prompt).toHaveAccessibleDescription(PROMPT_ERROR);
    await prompt.fill('   ');
    await tool.getByRole('button', { name: 'Shorten' }).click();
    expect(posted()).toEqual([]);

    await prompt.fill('  a very long prompt about a lighthouse, waves, storm clouds and gulls  ');
    await tool.getByRole('button', { name: 'Shorten' }).click();
    await expect.poll(posted).toEqual([
      {
        operation: 'shorten',
        params: { prompt: 'a very long prompt about a lighthouse, waves, storm clouds and gulls' },
      },
    ]);
  });
});

describe('the Retexture tool', () => {
  it('names each field that is wrong, and sends both once they are right', async () => {
    const { tool, posted } = await renderTool(RetextureTool, 'Retexture');
    const url = tool.getByRole('textbox', { name: 'Image URL' });
    const look = tool.getByRole('textbox', { name: 'New look' });
    await tool.getByRole('button', { name: 'Retexture' }).click();
    await expect.element(url).toHaveAccessibleDescription(new RegExp(`${URL_ERROR}$`));
    await expect.element(look).toHaveAccessibleDescription(PROMPT_ERROR);

    await url.fill(PHOTO);
    await expect.element(url).toHaveAttribute('aria-invalid', 'false');
    await expect.element(look).toHaveAttribute('aria-invalid', 'true');
    await look.fill('made of brushed copper');
    await tool.getByRole('button', { name: 'Retexture' }).click();
    await expect.poll(posted).toEqual([
      {
        operation: 'retexture',
        params: { imgUrl: PHOTO, remixPrompt: 'made of brushed copper' },
      },
    ]);
  });
});

describe('the Remove background tool', () => {
  it('sends the create, shows it under way, and the server’s refusal with Dismiss', async () => {
    const answer = held<Response>();
    const { tool, posted } = await renderTool(RemoveBackgroundTool, 'Remove background', {
      [JOBS]: () => answer.promise,
    });
    const submit = tool.getByRole('button', { name: 'Remove background' });
    await expect.element(tool.getByText(/^≈ \d[\d,]* credits$/)).toBeVisible();
    await tool.getByRole('textbox', { name: 'Image URL' }).fill(PHOTO);
    await submit.click();
    await expect.element(tool.getByRole('status')).toHaveTextContent('Sending…');
    await expect.element(submit).toBeDisabled();
    await expect.element(submit).toHaveAttribute('aria-busy', 'true');
    await expect
      .poll(posted)
      .toEqual([{ operation: 'remove-background', params: { imgUrl: PHOTO } }]);

    answer.resolve(
      studioError(422, 'params.imgUrl: the image service could not fetch the image', {
        hint: 'Check that the address opens in a private window.',
      }),
    );
    const alert = tool.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent('params.imgUrl: the image service could not fetch the image');
    await expect
      .element(alert)
      .toHaveTextContent('Check that the address opens in a private window.');
    await expect.element(submit).toBeEnabled();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(tool.getByRole('alert')).not.toBeInTheDocument();
  });
});
