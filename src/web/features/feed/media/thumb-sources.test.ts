import { describe, expect, it } from 'vitest';
import { thumbSources } from './thumb-sources';

const item = { url: '/media/Ab12Cd34Ef56/2', width: null, height: null };

describe('a card image’s thumbnails', () => {
  it('offers every size with its real width, the default as the fallback', () => {
    expect(thumbSources(item, { width: 2048, height: 1152 })).toEqual({
      src: '/media/Ab12Cd34Ef56/2/thumb',
      srcSet:
        '/media/Ab12Cd34Ef56/2/thumb 384w, /media/Ab12Cd34Ef56/2/thumb/768 768w, ' +
        '/media/Ab12Cd34Ef56/2/thumb/1536 1536w',
    });
  });

  it('gives a portrait image the width of its shorter side', () => {
    expect(thumbSources(item, { width: 1152, height: 2048 }).srcSet).toBe(
      '/media/Ab12Cd34Ef56/2/thumb 216w, /media/Ab12Cd34Ef56/2/thumb/768 432w, ' +
        '/media/Ab12Cd34Ef56/2/thumb/1536 864w',
    );
  });

  it('stops at the first size the original does not exceed, at the original’s width', () => {
    expect(thumbSources(item, { width: 1024, height: 576 }).srcSet).toBe(
      '/media/Ab12Cd34Ef56/2/thumb 384w, /media/Ab12Cd34Ef56/2/thumb/768 768w, ' +
        '/media/Ab12Cd34Ef56/2/thumb/1536 1024w',
    );
    expect(thumbSources(item, { width: 512, height: 512 }).srcSet).toBe(
      '/media/Ab12Cd34Ef56/2/thumb 384w, /media/Ab12Cd34Ef56/2/thumb/768 512w',
    );
    expect(thumbSources(item, { width: 300, height: 200 }).srcSet).toBe(
      '/media/Ab12Cd34Ef56/2/thumb 300w',
    );
  });
});
