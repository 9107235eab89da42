import { describe, expect, it } from 'vitest';
import { createRedactor } from '../log';
import { PARAMS_MAX_BYTES, maskToKeep, paramsToKeep } from './params';

const redact = createRedactor(['sk-secret-key']);
const UUID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

describe('paramsToKeep', () => {
  it('keeps what the browser chose, without the fields the proxy adds', () => {
    const body = { jobId: UUID, callback: 'http://127.0.0.1/hooks/t', imageNo: 3, direction: 3 };
    expect(paramsToKeep(body, redact)).toEqual({ imageNo: 3, direction: 3 });
  });

  it('redacts UUIDs (with or without dashes) and secrets anywhere, keys included', () => {
    const body = {
      imgUrls: [
        `https://cdn.example/${UUID}_0.png`,
        `https://cdn.example/${UUID.replace(/-/g, '')}`,
      ],
      nested: { [UUID]: 'sk-secret-key', n: [1, null, true] },
    };
    expect(paramsToKeep(body, redact)).toEqual({
      imgUrls: ['https://cdn.example/[id]_0.png', 'https://cdn.example/[id]'],
      nested: { '[id]': '[secret]', n: [1, null, true] },
    });
  });

  it('keeps up to 8 KB of JSON (in UTF-8 bytes) and nothing beyond', () => {
    // Not 'a': 32 hex digits in a row read as a UUID without dashes and are redacted.
    const overhead = JSON.stringify({ text: '' }).length;
    const fits = { text: 'x'.repeat(PARAMS_MAX_BYTES - overhead) };
    expect(paramsToKeep(fits, redact)).toEqual(fits);
    expect(paramsToKeep({ text: `${fits.text}x` }, redact)).toBeNull();
    // Counted in bytes, not characters: 'é' is two.
    expect(paramsToKeep({ text: 'é'.repeat(PARAMS_MAX_BYTES / 2) }, redact)).toBeNull();
  });
});

describe('maskToKeep', () => {
  it('keeps the mask as sent, redacted, however large within the create body, and nothing without one', () => {
    const points = Array.from({ length: 4000 }, (_, i) => i % 500);
    const areas = [{ width: 500, height: 500, points }];
    const kept = maskToKeep({ imageNo: 0, mask: { areas } }, redact);
    expect(kept && JSON.parse(kept.json)).toEqual({ areas });
    expect(kept?.bytes).toBeGreaterThan(PARAMS_MAX_BYTES);
    expect(kept?.bytes).toBe(Buffer.byteLength(kept?.json ?? '', 'utf8'));

    const byUrl = maskToKeep({ mask: { url: `https://cdn.example/${UUID}.png` } }, redact);
    expect(byUrl && JSON.parse(byUrl.json)).toEqual({ url: 'https://cdn.example/[id].png' });
    expect(maskToKeep({ imageNo: 0, remixPrompt: 'birds' }, redact)).toBeNull();
  });
});
