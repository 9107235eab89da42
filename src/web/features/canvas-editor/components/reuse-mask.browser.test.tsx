import { beforeEach, describe, expect, it } from 'vitest';
import { pngDataUrl } from '@/web/components/testing/images';
import '@/web/styles.css';
import { coverage, fitted, maskAlpha, openEditor, stroke } from './editor-testing';

const percent = (dialog: Element) => Number.parseFloat(coverage(dialog));

/** The left half of the image, as polygons in a frame twice the image's size. */
const LEFT_HALF = {
  areas: [{ width: 800, height: 600, points: [0, 0, 400, 0, 400, 600, 0, 600] }],
};

describe('Reuse mask', () => {
  beforeEach(() => window.localStorage.clear());

  it('opens with the polygons the job kept, as one step that undo takes off', async () => {
    const { dialog, stage } = await openEditor('inpaint', undefined, {
      reuseMask: { sentWith: LEFT_HALF },
    });
    await fitted(stage);
    await expect.poll(() => coverage(dialog.element())).toBe('50.0% of the image.');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await expect.poll(() => maskAlpha(stage.element(), 100, 150)).toBeGreaterThan(0);
    expect(maskAlpha(stage.element(), 300, 150)).toBe(0);
    await expect.element(dialog.getByRole('button', { name: 'Vary region' })).toBeEnabled();

    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');
  });

  it('keeps the mask a create was sent with, and opens its result with it at the result’s size', async () => {
    const first = await openEditor();
    await fitted(first.stage);
    first.onSubmit.mockResolvedValue({ id: 'newJob123456' });
    stroke(first.stage.element(), [100, 150], [300, 150]);
    await expect.poll(() => coverage(first.dialog.element())).toMatch(/%/);
    const sent = percent(first.dialog.element());
    await first.dialog.getByRole('button', { name: 'Vary region' }).click();
    await expect.poll(() => first.onClose.mock.calls.length).toBe(1);
    await first.screen.unmount();

    // The result is half the size, and the studio kept no params (over its bound).
    const { dialog, stage } = await openEditor('inpaint', await pngDataUrl(200, 150), {
      jobId: 'newJob123456',
      reuseMask: { sentWith: undefined },
    });
    await fitted(stage);
    await expect.poll(() => coverage(dialog.element())).toMatch(/%/);
    expect(Math.abs(percent(dialog.element()) - sent)).toBeLessThanOrEqual(0.01 * sent + 0.1);
    await expect.poll(() => maskAlpha(stage.element(), 100, 75)).toBeGreaterThan(0);
    expect(maskAlpha(stage.element(), 100, 20)).toBe(0);
  });

  it('asks the studio for the mask when this browser has no copy and the params none', async () => {
    const { dialog, stage, api } = await openEditor('inpaint', undefined, {
      jobId: 'keptJob12345',
      reuseMask: { sentWith: undefined },
      routes: { 'GET /studio-api/jobs/keptJob12345/mask': { mask: LEFT_HALF } },
    });
    await fitted(stage);
    await expect.poll(() => coverage(dialog.element())).toBe('50.0% of the image.');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    expect(api.to('GET /studio-api/jobs/keptJob12345/mask')).toHaveLength(1);
  });

  it('reads back a mask image the studio kept for the job', async () => {
    // White on the right half: the region to repaint.
    const canvas = new OffscreenCanvas(40, 30);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 40, 30);
    ctx.fillStyle = '#fff';
    ctx.fillRect(20, 0, 20, 30);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const url = URL.createObjectURL(blob);
    const { dialog, stage } = await openEditor('inpaint', undefined, {
      jobId: 'imageJob1234',
      reuseMask: { sentWith: undefined },
      routes: { 'GET /studio-api/jobs/imageJob1234/mask': { mask: { url } } },
    });
    await fitted(stage);
    await expect.poll(() => coverage(dialog.element())).toBe('50.0% of the image.');
    await expect.poll(() => maskAlpha(stage.element(), 300, 150)).toBeGreaterThan(0);
    expect(maskAlpha(stage.element(), 100, 150)).toBe(0);
    URL.revokeObjectURL(url);
  });

  it('says so when the job’s mask is not known here, and opens with none', async () => {
    const { dialog, stage } = await openEditor('edit', undefined, {
      reuseMask: { sentWith: { url: 'https://studio.example/u/[id].png' } },
    });
    await fitted(stage);
    await expect
      .element(dialog.getByRole('status').filter({ hasText: 'not known here' }))
      .toBeVisible();
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');
  });
});
