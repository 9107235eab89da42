import { afterEach, describe, expect, it } from 'vitest';
import { SAVED_MASKS_PER_PERSON } from '@/contract/masks';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import { StudioHttpError } from '../studio-error';
import { keepJobMask } from './masks';

/** The masks the studio keeps, on both databases. */
const kinds = storeKinds(1024 * 1024);
const opened: OpenedStore[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

const code = (e: unknown) => (e instanceof StudioHttpError ? e.error.code : String(e));
const mask = (runs: string) => ({ width: 4, height: 2, runs });
const IMAGE = '/media/jobAAAAAAAAA1/0';

describe.each(STORE_KINDS)('masks on %s', (kind) => {
  const open = async () => {
    const o = await kinds.open(kind);
    opened.push(o);
    return o;
  };

  it("keeps a job's mask with its intent, and drops it with the job or a refused create", async () => {
    const { store } = await open();
    const json = JSON.stringify({
      areas: [{ width: 500, height: 500, points: [0, 0, 9, 0, 9, 9] }],
    });
    const intent = (handle: string) => ({
      handle,
      hookToken: null,
      parentHandle: null,
      parentIndex: null,
      operation: 'inpaint' as const,
      prompt: 'birds',
      params: null,
      createdBy: 'ana000000001',
    });
    const keep = (handle: string) => (trx: Parameters<typeof keepJobMask>[0]) =>
      keepJobMask(trx, handle, { json, bytes: json.length });
    await store.history.recordIntent(intent('jobAAAAAAAA1'), null, null, keep('jobAAAAAAAA1'));
    await store.history.recordIntent(intent('jobAAAAAAAA2'), null, null, keep('jobAAAAAAAA2'));
    expect(await store.masks.ofJob('jobAAAAAAAA1')).toEqual(JSON.parse(json));
    expect(await store.masks.ofJob('jobAAAAAAAA3')).toBeNull();

    // The create's transaction fails after the mask: neither the job nor its mask is kept.
    const failing = async (trx: Parameters<typeof keepJobMask>[0]) => {
      await keep('jobAAAAAAAA3')(trx);
      throw new Error('the queue refused');
    };
    await expect(
      store.history.recordIntent(intent('jobAAAAAAAA3'), null, null, failing),
    ).rejects.toThrow('the queue refused');
    expect(await store.masks.ofJob('jobAAAAAAAA3')).toBeNull();

    await store.history.discardIntent('jobAAAAAAAA1');
    expect(await store.masks.ofJob('jobAAAAAAAA1')).toBeNull();
    await store.history.remove('jobAAAAAAAA2');
    expect(await store.masks.ofJob('jobAAAAAAAA2')).toBeNull();
  });

  it("keeps each person's saved masks by image and name, newest first, and only theirs", async () => {
    const { store } = await open();
    const m = store.masks;
    const first = await m.save('ana000000001', { image: IMAGE, name: 'Sky', mask: mask('3.5') });
    expect(first).toMatchObject({ image: IMAGE, name: 'Sky', mask: mask('3.5') });
    await new Promise((r) => setTimeout(r, 5));
    await m.save('ana000000001', { image: IMAGE, name: 'Sea', mask: mask('0.8') });
    await m.save('ana000000001', { image: '/media/other/0', name: 'Sky', mask: mask('8') });
    await m.save('ben000000001', { image: IMAGE, name: 'Sky', mask: mask('1.7') });

    expect((await m.list('ana000000001', IMAGE)).map((s) => [s.name, s.mask.runs])).toEqual([
      ['Sea', '0.8'],
      ['Sky', '3.5'],
    ]);
    expect((await m.list('ben000000001', IMAGE)).map((s) => s.mask.runs)).toEqual(['1.7']);

    // The same name again replaces it, and it comes first.
    await new Promise((r) => setTimeout(r, 5));
    await m.save('ana000000001', { image: IMAGE, name: 'Sky', mask: mask('2.6') });
    expect((await m.list('ana000000001', IMAGE)).map((s) => [s.name, s.mask.runs])).toEqual([
      ['Sky', '2.6'],
      ['Sea', '0.8'],
    ]);

    // Ben cannot delete Ana's; Ana can.
    expect(await m.remove('ben000000001', IMAGE, 'Sea')).toBe(false);
    expect(await m.remove('ana000000001', IMAGE, 'Sea')).toBe(true);
    expect((await m.list('ana000000001', IMAGE)).map((s) => s.name)).toEqual(['Sky']);
    // An address of any length is a key of its own.
    const long = `https://cdn.example/${'x'.repeat(2000)}`;
    await m.save('ana000000001', { image: long, name: 'Long', mask: mask('8') });
    expect((await m.list('ana000000001', long)).map((s) => s.image)).toEqual([long]);
  });

  it('keeps at most the limit per person; a replacement still fits', async () => {
    const { store } = await open();
    const m = store.masks;
    for (let i = 1; i < SAVED_MASKS_PER_PERSON; i++) {
      await m.save('ana000000001', { image: `/media/j/${i}`, name: 'M', mask: mask('8') });
    }
    // Two at once for the last place: one is refused.
    const last = await Promise.allSettled([
      m.save('ana000000001', { image: IMAGE, name: 'A', mask: mask('8') }),
      m.save('ana000000001', { image: IMAGE, name: 'B', mask: mask('8') }),
    ]);
    expect(last.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = last.find((r) => r.status === 'rejected');
    expect(code(refused?.status === 'rejected' ? refused.reason : null)).toBe('too_many_masks');
    await m.save('ana000000001', { image: '/media/j/1', name: 'M', mask: mask('1.7') });
    await m.save('ben000000001', { image: IMAGE, name: 'A', mask: mask('8') });
  });
});
