import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderWithClient } from '@/web/components/testing/render-with-client';
import { pngDataUrl, pngFile } from '@/web/components/testing/images';
import type { Route } from '@/web/components/testing/studio-api-stub';
import { held, studioError, stubStudioApi } from '@/web/components/testing/studio-api-stub';
import '@/web/styles.css';
import { ImageSource } from './image-source';
import { DescribeTool } from './simple-tools';
import {
  STATUS,
  UPLOADS,
  UPLOADS_ON,
  pick,
  renderTool,
  studioStatus,
  uploadAnswer,
  uploadsOff,
} from './tool-testing';

const PUBLIC_URL = 'https://studio.example/u/upLOAD123456';

function Source() {
  const [url, setUrl] = useState('');
  return <ImageSource id="source" label="Image URL" value={url} onChange={setUrl} error={null} />;
}

async function renderSource(routes: Record<string, Route>) {
  const api = stubStudioApi({ [STATUS]: studioStatus(), ...routes });
  const { screen } = await renderWithClient(<Source />);
  const url = screen.getByRole('textbox', { name: 'Image URL' });
  const button = screen.getByRole('button', { name: 'Upload image' });
  const picker = () => screen.container.querySelector<HTMLInputElement>('input[type="file"]');
  /** The dashed area around the button, where files are dropped. */
  const area = () => button.element().parentElement as HTMLElement;
  return { api, screen, url, button, picker, area, uploads: () => api.to(UPLOADS) };
}

/** A drag of `files` over `target` and a drop on it, as the browser sends them. */
function drop(target: HTMLElement, files: File[], { release = true } = {}) {
  const data = new DataTransfer();
  for (const f of files) data.items.add(f);
  target.dispatchEvent(
    new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }),
  );
  if (release)
    target.dispatchEvent(
      new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }),
    );
}

describe('an image field', () => {
  it('uploads a picked PNG as the multipart field file, and fills in its public URL', async () => {
    const preview = await pngDataUrl();
    const { url, button, picker, uploads, screen } = await renderSource({
      [UPLOADS]: uploadAnswer(preview),
    });
    await expect
      .element(url)
      .toHaveAccessibleDescription('Paste a public image URL or an image, or drop or pick a file.');
    // The button opens the browser's file picker.
    const input = picker();
    if (!input) throw new Error('no file input');
    const opened = vi.spyOn(input, 'click').mockImplementation(() => {});
    await button.click();
    expect(opened).toHaveBeenCalledOnce();

    const photo = await pngFile('harbour.png');
    await userEvent.upload(input, photo);
    await expect.element(url).toHaveValue(PUBLIC_URL);
    const [sent] = uploads();
    const file = (sent?.body as FormData).get('file') as File;
    expect(file.name).toBe('harbour.png');
    expect(file.type).toBe('image/png');
    expect(file.size).toBe(photo.size);
    // The upload shows beside its URL, from the studio's own copy.
    const img = screen.container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(preview);
    // Typing another address drops the preview: it is no longer the upload.
    await url.fill('https://images.example/other.png');
    expect(screen.container.querySelector('img')).toBeNull();
  });

  it('takes a dropped image, highlighting the area while it is dragged over', async () => {
    const { url, area, uploads, button } = await renderSource({
      [UPLOADS]: uploadAnswer(await pngDataUrl()),
    });
    await expect.element(button).toBeVisible();
    const photo = await pngFile('dropped.png');
    drop(area(), [photo], { release: false });
    await expect.poll(() => area().className).toContain('border-indigo-400');
    drop(area(), [photo]);
    await expect.element(url).toHaveValue(PUBLIC_URL);
    expect(area().className).not.toContain('border-indigo-400');
    expect(((uploads()[0]?.body as FormData).get('file') as File).name).toBe('dropped.png');
  });

  it('uploads an image pasted into the field, and leaves pasted text as text', async () => {
    const { url, uploads } = await renderSource({ [UPLOADS]: uploadAnswer(await pngDataUrl()) });
    const paste = (data: DataTransfer) =>
      url
        .element()
        .dispatchEvent(
          new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }),
        );
    const text = new DataTransfer();
    text.setData('text/plain', 'https://images.example/typed.png');
    paste(text);
    expect(uploads()).toHaveLength(0);

    const image = new DataTransfer();
    image.items.add(await pngFile('screenshot.png'));
    paste(image);
    await expect.element(url).toHaveValue(PUBLIC_URL);
    expect(uploads()).toHaveLength(1);
  });

  it('refuses a file of another type or over the size limit before sending it', async () => {
    const { area, screen, uploads, url, button } = await renderSource({
      [STATUS]: studioStatus({ ...UPLOADS_ON, maxBytes: 100 * 1024 }),
    });
    await expect.element(button).toBeVisible();
    drop(area(), [new File(['notes'], 'notes.txt', { type: 'text/plain' })]);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Choose a PNG, JPEG or WebP image.');

    drop(area(), [new File([new Uint8Array(150 * 1024)], 'huge.png', { type: 'image/png' })]);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The file is larger than the upload limit of 0.1 MB.');
    expect(uploads()).toHaveLength(0);
    await expect.element(url).toHaveValue('');
  });

  it('says “Uploading…” meanwhile, and the server’s refusal with its hint', async () => {
    const answer = held<Response>();
    const { button, screen, url } = await renderSource({ [UPLOADS]: () => answer.promise });
    await expect.element(button).toBeVisible();
    await pick(screen.container, await pngFile());
    await expect.element(button).toHaveTextContent('Uploading…');
    await expect.element(button).toBeDisabled();
    answer.resolve(
      studioError(422, 'The image is larger than 16,777,216 pixels', {
        hint: 'Scale it down and try again.',
      }),
    );
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The image is larger than 16,777,216 pixels Scale it down and try again.');
    await expect.element(button).toHaveTextContent(/^Upload$/);
    await expect.element(url).toHaveValue('');
  });

  it('says why uploads are off, and still takes a typed URL', async () => {
    const { screen, url } = await renderSource({
      [STATUS]: uploadsOff('PUBLIC_URL is not set'),
    });
    await expect.element(screen.getByText('Uploads are off: PUBLIC_URL is not set')).toBeVisible();
    expect(screen.getByRole('button').all()).toHaveLength(0);
    await expect.element(url).not.toHaveAccessibleDescription(/drop or pick/);
    await url.fill('https://images.example/a.png');
    await expect.element(url).toHaveValue('https://images.example/a.png');
  });
});

describe('a tool with an uploaded image', () => {
  it('sends the upload’s public URL in the create', async () => {
    const { tool, api, posted } = await renderTool(DescribeTool, 'Describe', {
      [UPLOADS]: uploadAnswer(await pngDataUrl()),
    });
    const url = tool.getByRole('textbox', { name: 'Image URL' });
    await expect.element(tool.getByRole('button', { name: 'Upload image' })).toBeVisible();
    await pick(tool.element(), await pngFile());
    await expect.element(url).toHaveValue(PUBLIC_URL);
    await tool.getByRole('button', { name: 'Describe' }).click();
    await expect.poll(posted).toEqual([{ operation: 'describe', params: { imgUrl: PUBLIC_URL } }]);
    expect(api.stray).toEqual([]);
  });
});
