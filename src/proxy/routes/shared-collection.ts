import { isVideoOutput } from '@/contract/task';
import type { JobRecord } from '../model/record';
import { mediaEntries } from '../model/to-job';
import type { HistoryStore } from '../store/shared-store';
import { KEY_PART_CHARS, type ShareRecord, type StoredShares } from '../store/shares';
import type { SharePageContent } from './share-page';

/**
 * What a collection's share link shows: the collection's images as it holds them when the
 * page (or a file) is read, each under a key of the link's own. A key is two halves of
 * HMACs under the share key (`StoredShares.keyPart`): one of the link and the job, one of
 * the link, the job and the image. So a key names no handle, the same image has another
 * key in another link, and a file request finds its job among the collection's by the
 * first half and reads that one job alone. An image that leaves the collection leaves
 * the keys the link answers with it.
 */
interface CollectionShareDeps {
  shares: Pick<StoredShares, 'collectionItems' | 'keyPart'>;
  history: Pick<HistoryStore, 'get' | 'list'>;
}

/** One image (or clip) a collection's link shows: its job, its media key, its path key. */
interface SharedItem {
  job: JobRecord;
  key: string;
  pathKey: string;
}

/**
 * The most images a collection's page shows, newest jobs first: with its page, fewer than
 * the requests an address may make under `/s/` in a minute, so all its thumbnails load.
 */
const SHOWN_IMAGES = 200;

/** A collection link's file key in a path: two halves of base64url characters. */
const PATH_KEY_RE = new RegExp(`^[A-Za-z0-9_-]{${2 * KEY_PART_CHARS}}$`);

/** The media keys of `job` a collection holds: all of them, or the images it names. */
function heldKeys(job: JobRecord, held: readonly (number | null)[]): string[] {
  const keys = mediaEntries(job.status === 'completed' ? job.output : null).map((m) => m.key);
  if (held.includes(null)) return keys;
  return keys.filter((_, n) => held.includes(n));
}

const pathKeyOf = async (deps: CollectionShareDeps, link: string, job: string, key: string) =>
  `${await deps.shares.keyPart(link, job)}${await deps.shares.keyPart(link, job, key)}`;

/**
 * The images a collection's link shows now, newest job first and each job's in order (at
 * most `SHOWN_IMAGES`), and whether the collection holds more.
 */
async function collectionImages(
  deps: CollectionShareDeps,
  link: string,
  collection: string,
): Promise<{ items: SharedItem[]; more: boolean }> {
  const [held, page] = await Promise.all([
    deps.shares.collectionItems(collection),
    deps.history.list({
      beforeSeq: null,
      limit: SHOWN_IMAGES,
      collection,
      statuses: ['completed'],
    }),
  ]);
  const items: SharedItem[] = [];
  for (const job of page.jobs) {
    for (const key of heldKeys(job, held.get(job.handle) ?? [])) {
      items.push({ job, key, pathKey: await pathKeyOf(deps, link, job.handle, key) });
    }
  }
  return { items: items.slice(0, SHOWN_IMAGES), more: page.more || items.length > SHOWN_IMAGES };
}

/**
 * The job and media key a collection link's file key names, while the collection still
 * holds that image; null for any other key.
 */
export async function collectionFile(
  deps: CollectionShareDeps,
  link: string,
  collection: string,
  pathKey: string,
): Promise<{ job: JobRecord; key: string } | null> {
  if (!PATH_KEY_RE.test(pathKey)) return null;
  const held = await deps.shares.collectionItems(collection);
  const jobPart = pathKey.slice(0, KEY_PART_CHARS);
  for (const [handle, images] of held) {
    if ((await deps.shares.keyPart(link, handle)) !== jobPart) continue;
    const job = await deps.history.get(handle);
    if (job === null) return null;
    for (const key of heldKeys(job, images)) {
      if ((await pathKeyOf(deps, link, handle, key)) === pathKey) return { job, key };
    }
    return null;
  }
  return null;
}

/**
 * A collection link's page: the collection's name and its images now, newest job first,
 * under the link's path by their keys; each job's prompt (under its first image) only
 * when the sharer chose so.
 */
export async function collectionPage(
  deps: CollectionShareDeps,
  share: ShareRecord,
  collection: { handle: string; name: string },
  base: string,
): Promise<SharePageContent> {
  const { items, more } = await collectionImages(deps, share.id, collection.handle);
  const media = items.map(({ job, key, pathKey }, n) => ({
    href: `${base}/${pathKey}`,
    video: job.output !== null && isVideoOutput(job.output),
    dims: job.dims[key] ?? null,
    caption: share.showPrompt && items[n - 1]?.job !== job ? job.prompt : null,
  }));
  const note =
    items.length === 0
      ? 'Nothing is in this collection now.'
      : more
        ? `The newest ${SHOWN_IMAGES} images of the collection.`
        : null;
  return { title: collection.name, prompt: null, media, note };
}
