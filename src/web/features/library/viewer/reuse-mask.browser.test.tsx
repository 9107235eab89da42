import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { gridJob, stubStudio } from '@/web/jobs/testing';
import { useEditorRequest } from '@/web/jobs/stores/editor-request-store';
import '@/web/styles.css';
import { renderGallery } from '../testing';

const MASK = { areas: [{ width: 800, height: 600, points: [0, 0, 400, 0, 400, 600, 0, 600] }] };
const EDITABLE = { inpaint: [0, 1, 2, 3], edit: [0, 1, 2, 3] };
/** A vary region's four results, and a plain grid. */
const inpaint = gridJob(
  'inpJOB000001',
  { operation: 'inpaint', parentId: 'gridJOB00001', prompt: 'storm birds', params: { mask: MASK } },
  EDITABLE,
);
const plain = gridJob('gridJOB00001', { prompt: 'storm plain' }, EDITABLE);

/** What the app layer would open the editor with. */
function RequestProbe() {
  return <output data-testid="editor-request">{JSON.stringify(useEditorRequest())}</output>;
}

describe('Reuse mask in the result viewer', () => {
  beforeEach(() => {
    stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is offered on a vary region’s results, and opens the editor with its mask', async () => {
    const probe = await render(<RequestProbe />);
    const { screen, gallery } = await renderGallery([inpaint, plain]);
    await gallery.getByRole('button', { name: 'Image 1 of storm plain', exact: true }).click();
    const viewer = screen.getByRole('dialog', { name: 'Result viewer' });
    await expect.element(viewer.getByRole('button', { name: 'Vary region…' })).toBeVisible();
    expect(viewer.getByRole('button', { name: 'Reuse mask…' }).all()).toHaveLength(0);
    await viewer.getByRole('button', { name: 'Close' }).first().click();

    await gallery.getByRole('button', { name: 'Image 3 of storm birds', exact: true }).click();
    await viewer.getByRole('button', { name: 'Reuse mask…' }).click();
    await expect.element(viewer).not.toBeInTheDocument();
    const request = JSON.parse(
      probe.getByTestId('editor-request').element().textContent ?? 'null',
    ) as unknown;
    expect(request).toMatchObject({
      mode: 'inpaint',
      jobId: 'inpJOB000001',
      imageNo: 2,
      reuseMask: { sentWith: MASK },
    });
  });

  it('opens the editor on the result shown with M', async () => {
    const probe = await render(<RequestProbe />);
    const { screen, gallery } = await renderGallery([inpaint, plain]);
    await gallery.getByRole('button', { name: 'Image 2 of storm birds', exact: true }).click();
    const viewer = screen.getByRole('dialog', { name: 'Result viewer' });
    await expect.element(viewer).toBeVisible();
    await userEvent.keyboard('m');
    await expect.element(viewer).not.toBeInTheDocument();
    expect(
      JSON.parse(probe.getByTestId('editor-request').element().textContent ?? 'null'),
    ).toMatchObject({ mode: 'inpaint', jobId: 'inpJOB000001', imageNo: 1 });
  });
});
