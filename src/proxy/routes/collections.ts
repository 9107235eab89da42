import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  collectionItemsSchema,
  newCollectionSchema,
  renameCollectionSchema,
  type Collection,
  type CollectionItem,
} from '@/contract/collections';
import { handleSchema, jobListQuerySchema } from '@/contract/studio-api';
import { callerOf } from '../auth/access';
import type { Redactor } from '../log';
import type { Makers } from '../model/makers';
import type { Caller } from '../model/people';
import { mediaEntries } from '../model/to-job';
import type { CollectionRecord, CollectionSummary, StoredCollections } from '../store/collections';
import type { HistoryStore } from '../store/shared-store';
import { StudioHttpError, studioError } from '../studio-error';
import { audited, type AuditLog } from './audited';
import { historyFilter, pageCursors } from './jobs';
import { jsonBodyLimit, rejectInvalid, requireJson } from './validate';

interface CollectionDeps {
  collections: StoredCollections;
  history: Pick<HistoryStore, 'get' | 'list'>;
  makers: Makers;
  audit: AuditLog;
  redact: Redactor;
}

/** An unknown handle, or a malformed one: the same 404, never repeating it. */
const noSuchCollection = () =>
  new StudioHttpError(
    studioError(404, 'not_found', 'No collection with that id exists in this studio.'),
  );

/** Admins and owners manage every collection; members their own; viewers none. */
const mayManageCollection = (caller: Caller, ownerId: string | null): boolean =>
  caller.role === 'owner' ||
  caller.role === 'admin' ||
  (caller.role === 'member' && ownerId !== null && ownerId === caller.id);

const othersCollection = (name: string) =>
  new StudioHttpError(
    studioError(
      403,
      'forbidden',
      `Someone else made this collection (“${name}”): a member may change only their own collections.`,
      'Make a collection of your own, or ask an admin or an owner of the studio.',
    ),
  );

/** The collection as the browser sees it: its handle, never the internal id. */
async function toCollection(makers: Makers, s: CollectionSummary): Promise<Collection> {
  const names = await makers.namesFor([{ createdBy: s.ownerId }]);
  return {
    id: s.handle,
    name: s.name,
    owner: s.ownerId === null ? null : { id: s.ownerId, name: names.get(s.ownerId) ?? '' },
    createdAt: new Date(s.createdMs).toISOString(),
    updatedAt: new Date(s.updatedMs).toISOString(),
    items: s.items,
    jobs: s.jobs,
    cover: s.cover,
    ...(s.holds ? { holds: s.holds } : {}),
  };
}

/**
 * Items as a request names them, checked all at once before anything changes: each job
 * must be in the history, and an image one of its outputs. The first that is not is
 * refused by its place in the list (`items[2].image: …`).
 */
async function checkItems(
  history: CollectionDeps['history'],
  items: readonly CollectionItem[],
): Promise<void> {
  const outputs = new Map<string, number | null>();
  for (const handle of new Set(items.map((i) => i.job))) {
    const job = await history.get(handle);
    outputs.set(handle, job ? mediaEntries(job.output).length : null);
  }
  for (const [n, item] of items.entries()) {
    const count = outputs.get(item.job) ?? null;
    if (count === null) {
      throw new StudioHttpError(
        studioError(
          404,
          'not_found',
          `items[${n}].job: no job ${item.job} in this studio (deleted, or never made); nothing was changed.`,
        ),
      );
    }
    if (item.image === undefined || item.image === null || item.image < count) continue;
    const allowed =
      count === 0
        ? 'it has no results yet, so only the whole job (image null)'
        : `0 to ${count - 1}, or null for the whole job`;
    throw new StudioHttpError(
      studioError(
        400,
        'invalid_request',
        `items[${n}].image: job ${item.job} has ${count} result${count === 1 ? '' : 's'}: must be ${allowed}; nothing was changed.`,
      ),
    );
  }
}

/** What the routes share: the collection a request names, as found and as shown. */
function lookups(deps: CollectionDeps) {
  const found = async (c: Context): Promise<CollectionRecord> => {
    const rec = await deps.collections.byHandle(c.req.param('id') ?? '');
    if (!rec) throw noSuchCollection();
    return rec;
  };
  return {
    found,
    /** The collection, when the caller may change it: 403 naming it otherwise. */
    toManage: async (c: Context): Promise<CollectionRecord> => {
      const rec = await found(c);
      if (!mayManageCollection(callerOf(c), rec.ownerId)) throw othersCollection(rec.name);
      return rec;
    },
    shown: async (id: number): Promise<Collection> => {
      const s = await deps.collections.summary(id);
      if (!s) throw noSuchCollection();
      return toCollection(deps.makers, s);
    },
  };
}

const param = zValidator('param', z.object({ id: handleSchema }), (r) => {
  if (!r.success) throw noSuchCollection();
});
const body = jsonBodyLimit(64 * 1024);

/** Adding and removing items: all at once, or nothing; each request in the audit log. */
function itemRoutes(app: Hono, deps: CollectionDeps): void {
  const { toManage, shown } = lookups(deps);
  const json = zValidator('json', collectionItemsSchema, rejectInvalid(deps.redact));
  const items = (path: string, add: boolean) =>
    app.post(path, param, body, requireJson, json, async (c) => {
      const rec = await toManage(c);
      const { items: list } = c.req.valid('json');
      let changed: number;
      if (add) {
        await checkItems(deps.history, list);
        changed = await deps.collections.addItems(rec.id, list, callerOf(c).id);
      } else {
        changed = await deps.collections.removeItems(rec.id, list);
      }
      // One entry per request that changed something, however many items it named.
      if (changed > 0) {
        await audited(c, deps.audit, {
          action: add ? 'collection_items_added' : 'collection_items_removed',
          subject: rec.handle,
          detail: { name: rec.name, count: changed },
        });
      }
      return c.json({ collection: await shown(rec.id), changed });
    });
  items('/:id/items', true);
  items('/:id/items/remove', false);
}

/** Renaming and deleting, each recorded in the audit log. */
function changeRoutes(app: Hono, deps: CollectionDeps): void {
  const { toManage, shown } = lookups(deps);
  const json = zValidator('json', renameCollectionSchema, rejectInvalid(deps.redact));
  app.patch('/:id', param, body, requireJson, json, async (c) => {
    const rec = await toManage(c);
    const { name } = c.req.valid('json');
    await deps.collections.rename(rec, name);
    await audited(c, deps.audit, {
      action: 'collection_renamed',
      subject: rec.handle,
      detail: { from: rec.name, to: name.trim() },
    });
    return c.json({ collection: await shown(rec.id) });
  });

  app.delete('/:id', param, async (c) => {
    const rec = await toManage(c);
    if (!(await deps.collections.remove(rec.id))) throw noSuchCollection();
    await audited(c, deps.audit, {
      action: 'collection_deleted',
      subject: rec.handle,
      detail: { name: rec.name },
    });
    return c.json({ deleted: rec.handle });
  });
}

/**
 * `/studio-api/collections`: every signed-in person lists and reads every collection
 * (`?job=` says which of a job's results each holds) and its jobs, paged as the history;
 * members make collections and change their own (rename, delete, add and remove items),
 * admins and owners any (auth/access.ts says who may call which). Items are added or
 * removed all at once or not at all.
 */
export function collectionRoutes(deps: CollectionDeps): Hono {
  const app = new Hono();
  const invalid = rejectInvalid(deps.redact);
  const { found, shown } = lookups(deps);
  const listQuery = zValidator('query', z.object({ job: z.optional(handleSchema) }), invalid);

  app.get('/', listQuery, async (c) => {
    const { job } = c.req.valid('query');
    const list = await deps.collections.list(job === undefined ? {} : { job });
    const collections = await Promise.all(list.map((s) => toCollection(deps.makers, s)));
    return c.json({ collections });
  });

  app.post('/', body, requireJson, zValidator('json', newCollectionSchema, invalid), async (c) => {
    const { name, items } = c.req.valid('json');
    if (items) await checkItems(deps.history, items);
    const rec = await deps.collections.create(callerOf(c).id, name, items);
    await audited(c, deps.audit, {
      action: 'collection_made',
      subject: rec.handle,
      detail: { name: rec.name, items: items?.length ?? 0 },
    });
    return c.json({ collection: await shown(rec.id) }, 201);
  });

  app.get('/:id', param, async (c) => c.json({ collection: await shown((await found(c)).id) }));

  app.get('/:id/jobs', param, zValidator('query', jobListQuerySchema, invalid), async (c) => {
    const rec = await found(c);
    const query = { ...c.req.valid('query'), collection: rec.handle };
    const page = await deps.history.list(historyFilter(query, callerOf(c)));
    return c.json(await pageCursors(query, page, deps.makers));
  });

  changeRoutes(app, deps);
  itemRoutes(app, deps);
  return app;
}
