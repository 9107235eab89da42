import { describe, expect, it } from 'vitest';
import { URL_MAX } from '@/contract/requests/limits';
import { blendInputsStore } from '../stores/blend-inputs';
import { BlendTool } from './blend-tool';
import { renderTool } from './tool-testing';

const URL_ERROR = `must be an http:// or https:// URL of at most ${URL_MAX} characters`;
const image = (n: number) => `https://images.example/${n}.png`;

async function renderBlend() {
  const rendered = await renderTool(BlendTool, 'Blend');
  const { tool } = rendered;
  return {
    ...rendered,
    field: (n: number) => tool.getByRole('textbox', { name: `Image ${n} URL` }),
    fields: () => tool.getByRole('textbox', { name: /^Image \d URL$/ }).all(),
    blend: tool.getByRole('button', { name: 'Blend', exact: true }),
  };
}

describe('the Blend tool', () => {
  it('starts with two images at 1:1, and names each empty one on submit', async () => {
    const { tool, field, fields, blend, posted } = await renderBlend();
    expect(fields()).toHaveLength(2);
    await expect
      .element(
        tool
          .getByRole('radiogroup', { name: 'Blend aspect ratio' })
          .getByRole('radio', { checked: true }),
      )
      .toHaveTextContent('1:1');
    // Two is the least: nothing to remove.
    expect(tool.getByRole('button', { name: /^Remove image/ }).all()).toHaveLength(0);

    await field(1).fill(image(1));
    await blend.click();
    await expect.element(field(1)).toHaveAttribute('aria-invalid', 'false');
    await expect.element(field(2)).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field(2)).toHaveAccessibleDescription(new RegExp(`${URL_ERROR}$`));
    expect(posted()).toEqual([]);
  });

  it('takes up to five images, removes one, and sends them with the ratio picked', async () => {
    const { tool, field, fields, blend, posted } = await renderBlend();
    const add = tool.getByRole('button', { name: 'Add image' });
    await add.click();
    await add.click();
    await add.click();
    expect(fields()).toHaveLength(5);
    await expect.element(add).not.toBeInTheDocument();
    await expect.element(tool.getByText('Up to 5 images')).toBeVisible();
    for (const n of [1, 2, 3, 4, 5]) await field(n).fill(image(n));

    await tool.getByRole('button', { name: 'Remove image 2' }).click();
    expect(fields()).toHaveLength(4);
    await expect.element(field(2)).toHaveValue(image(3));

    await tool.getByRole('radio', { name: '3:2' }).click();
    await blend.click();
    await expect.poll(posted).toEqual([
      {
        operation: 'blend',
        params: { imgUrls: [image(1), image(3), image(4), image(5)], aspect_ratio: '3:2' },
      },
    ]);
  });

  it('takes images handed over from the library, focus on the next one to add', async () => {
    const { field, fields } = await renderBlend();
    blendInputsStore.getState().actions.imagesHandedOver([image(7)]);
    await expect.element(field(1)).toHaveValue(image(7));
    expect(fields()).toHaveLength(2);
    await expect.element(field(2)).toHaveFocus();
    // Taken once: the store is empty again.
    expect(blendInputsStore.getState().handed).toBeNull();
  });

  it('with enough handed over, keeps the first five and focuses Blend', async () => {
    const { fields, blend, field } = await renderBlend();
    blendInputsStore.getState().actions.imagesHandedOver([1, 2, 3, 4, 5, 6].map(image));
    await expect.element(blend).toHaveFocus();
    expect(fields()).toHaveLength(5);
    await expect.element(field(5)).toHaveValue(image(5));
  });
});
