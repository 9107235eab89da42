import { describe, expect, it } from 'vitest';
import { pngDataUrl, pngFile } from '@/web/components/testing/images';
import { useEditorClosed, useEditorRequest } from '@/web/jobs/stores/editor-request-store';
import { UploadPaintTool } from './upload-paint-tool';
import { STATUS, UPLOADS, pick, renderTool, uploadAnswer, uploadsOff } from './tool-testing';

/** What the app's editor host would read, as JSON; and its Close. */
function EditorRequestProbe() {
  const request = useEditorRequest();
  const closed = useEditorClosed();
  return (
    <>
      <output data-testid="editor-request">{JSON.stringify(request)}</output>
      <button type="button" onClick={closed}>
        Close the editor
      </button>
    </>
  );
}

function Tool(props: Parameters<typeof UploadPaintTool>[0]) {
  return (
    <>
      <UploadPaintTool {...props} />
      <EditorRequestProbe />
    </>
  );
}

const requested = () =>
  JSON.parse(
    document.querySelector('[data-testid="editor-request"]')?.textContent ?? 'null',
  ) as unknown;

describe('the Upload and paint tool', () => {
  it('asks for an image first, then opens the editor on the upload', async () => {
    const preview = await pngDataUrl(64, 48);
    const { tool, posted, screen } = await renderTool(Tool, 'Upload and paint', {
      [UPLOADS]: uploadAnswer(preview),
    });
    const open = tool.getByRole('button', { name: 'Open editor' });
    const note = tool.getByText('Drop, paste or pick an image; the editor opens at its full size.');
    await expect.element(note).toBeVisible();
    await open.click();
    await expect.element(tool.getByText('Upload an image to paint on first.')).toBeVisible();
    expect(requested()).toBeNull();

    await expect.element(tool.getByRole('button', { name: 'Upload image to paint' })).toBeVisible();
    await pick(tool.element(), await pngFile());
    await expect.element(tool.getByRole('img', { name: 'The image to paint' })).toBeVisible();
    await expect.element(tool.getByText('64 × 48 px')).toBeVisible();

    await open.click();
    await expect.poll(requested).toEqual({
      mode: 'upload-paint',
      imgUrl: 'https://studio.example/u/upLOAD123456',
      imageUrl: preview,
    });
    // The editor makes the create; the tool sends none itself.
    expect(posted()).toEqual([]);
    await screen.getByRole('button', { name: 'Close the editor' }).click();
    await expect.poll(requested).toBeNull();
  });

  it('cannot open while uploads are off, and says why', async () => {
    const { tool } = await renderTool(Tool, 'Upload and paint', {
      [STATUS]: uploadsOff('PUBLIC_URL is not set'),
    });
    const group = tool.getByRole('group', { name: 'Image to paint' });
    await expect
      .element(group)
      .toHaveAccessibleDescription(
        'Upload and paint needs an uploaded image, and uploads are off: PUBLIC_URL is not set',
      );
    await expect.element(tool.getByRole('button', { name: 'Open editor' })).toBeDisabled();
    expect(tool.getByRole('button', { name: 'Upload image to paint' }).all()).toHaveLength(0);
  });
});
