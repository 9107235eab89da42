import { describe, expect, it } from 'vitest';
import { URL_MAX } from '@/contract/requests/limits';
import { TextToVideoTool } from './text-to-video-tool';
import { renderTool } from './tool-testing';

const START = 'https://images.example/start.png';

async function renderVideo() {
  const rendered = await renderTool(TextToVideoTool, 'Text to video');
  const { tool } = rendered;
  return {
    ...rendered,
    url: tool.getByRole('textbox', { name: 'Start image URL' }),
    motionPrompt: tool.getByRole('textbox', { name: 'Motion prompt' }),
    create: tool.getByRole('button', { name: 'Create video' }),
  };
}

describe('the Text to video tool', () => {
  it('names the start image field, not the prompt, when the URL is missing', async () => {
    const { url, motionPrompt, create, posted } = await renderVideo();
    await motionPrompt.fill('the camera slowly pushes in');
    await create.click();
    await expect.element(url).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(url)
      .toHaveAccessibleDescription(
        new RegExp(`must be an http:// or https:// URL of at most ${URL_MAX} characters$`),
      );
    await expect.element(motionPrompt).toHaveAttribute('aria-invalid', 'false');
    expect(posted()).toEqual([]);
  });

  it('sends the image and the motion in the prompt, 480p and low motion by default', async () => {
    const { url, motionPrompt, create, posted } = await renderVideo();
    await url.fill(START);
    await motionPrompt.fill('  waves roll in  ');
    await create.click();
    await expect.poll(posted).toEqual([
      {
        operation: 'video-diffusion',
        params: { prompt: `${START} waves roll in`, videoType: 0 },
      },
    ]);
  });

  it('sends 720p and high motion when picked, and costs more at 720p', async () => {
    const { tool, url, create, posted } = await renderVideo();
    await url.fill(START);
    const cost = () =>
      Number(/≈ ([\d,]+) credits/.exec(tool.element().textContent ?? '')?.[1]?.replace(/,/g, ''));
    const at480 = cost();
    await tool.getByRole('radio', { name: '720p' }).click();
    await tool.getByRole('radio', { name: 'High' }).click();
    expect(cost()).toBeGreaterThan(at480);
    await create.click();
    await expect.poll(posted).toEqual([
      {
        operation: 'video-diffusion',
        params: { prompt: `${START} --motion high`, videoType: 1 },
      },
    ]);
  });
});
