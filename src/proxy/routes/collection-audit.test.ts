import { afterEach, describe, expect, it } from 'vitest';
import { collectionEnvelopeSchema } from '@/contract/collections';
import type { Stack } from '../test/harness';
import { STORE_KINDS } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';
import { asJson, auditLog, createAs, finished, team } from '../test/team';

/**
 * What people do to collections, in the audit log over real sockets: made, renamed,
 * added to and taken from (one entry per request, with how many and the collection's
 * name), and deleted, each with who did it.
 */
let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const { studioOn } = studiosOn();

describe.each(STORE_KINDS)('collections in the audit log (%s)', (kind) => {
  it('records each change once per request, with who, how many and which collection', async () => {
    stack = await studioOn(kind);
    const s = stack;
    const { cookies, ids } = await team(s, ['admin', 'member']);
    const [admin, ana] = [cookies.admin0 ?? '', cookies.member1 ?? ''];
    const fox = await finished(s, ana, (await createAs(s, ana, 'a fox')).id);
    const owl = await finished(s, ana, (await createAs(s, ana, 'an owl')).id);
    const post = async (path: string, body: unknown) => {
      const res = await s.json(`/studio-api/collections${path}`, asJson(ana, 'POST', body));
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    };

    const { collection } = collectionEnvelopeSchema.parse(
      await post('', { name: 'Night', items: [{ job: fox.id }] }),
    );
    const id = collection.id;
    await post(`/${id}/items`, {
      items: [
        { job: owl.id, image: 0 },
        { job: owl.id, image: 1 },
        { job: owl.id, image: 3 },
      ],
    });
    // Nothing new: nothing recorded.
    await post(`/${id}/items`, { items: [{ job: fox.id }] });
    const renamed = await s.call(
      `/studio-api/collections/${id}`,
      asJson(ana, 'PATCH', { name: 'Dusk' }),
    );
    expect(renamed.status).toBe(200);
    await post(`/${id}/items/remove`, {
      items: [
        { job: owl.id, image: 1 },
        { job: owl.id, image: 3 },
        { job: owl.id, image: 2 },
      ],
    });
    // An admin deletes it: the entry is the admin's.
    expect((await s.call(`/studio-api/collections/${id}`, asJson(admin, 'DELETE'))).status).toBe(
      200,
    );

    const entries = (await auditLog(s, cookies.owner ?? ''))
      .filter((e) => e.action.startsWith('collection_'))
      .map((e) => [e.action, e.actor?.id, e.subject, e.detail]);
    expect(entries).toEqual([
      ['collection_deleted', ids.admin0, id, { name: 'Dusk' }],
      ['collection_items_removed', ids.member1, id, { name: 'Dusk', count: 2 }],
      ['collection_renamed', ids.member1, id, { from: 'Night', to: 'Dusk' }],
      ['collection_items_added', ids.member1, id, { name: 'Night', count: 3 }],
      ['collection_made', ids.member1, id, { name: 'Night', items: 1 }],
    ]);
  });
});
