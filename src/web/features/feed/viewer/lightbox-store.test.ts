import { beforeEach, describe, expect, it } from 'vitest';
import { lightboxStore } from './lightbox-store';

const actions = () => lightboxStore.getState().actions;

beforeEach(() => actions().lightboxClosed());

describe('lightbox store', () => {
  it('opens on an image and wraps around with the arrow keys', () => {
    actions().lightboxOpened('abcDEF123456', 3);
    actions().lightboxStepped(1, 4);
    expect(lightboxStore.getState().open).toEqual({ jobId: 'abcDEF123456', index: 0 });
    actions().lightboxStepped(-1, 4);
    expect(lightboxStore.getState().open?.index).toBe(3);
  });

  it('ignores steps while closed and closes', () => {
    actions().lightboxStepped(1, 4);
    expect(lightboxStore.getState().open).toBeNull();
    actions().lightboxOpened('abcDEF123456', 0);
    actions().lightboxClosed();
    expect(lightboxStore.getState().open).toBeNull();
  });
});
