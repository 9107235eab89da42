import * as z from 'zod/mini';
import { handleSchema } from './handle';
import { makerSchema } from './studio-api';

/**
 * Collections: named sets of results that people sort their work into. A collection is
 * named by an opaque handle (as jobs are: 72 random bits, never sequential), holds whole
 * jobs or single images of them, and a result may sit in many. Everyone signed in sees
 * every collection; members make their own and change only those, admins and owners any.
 */

export const COLLECTION_NAME_MAX = 80;
/** The most collections one person may keep. */
export const COLLECTIONS_PER_PERSON = 200;
/** The most items one request adds or removes. */
export const COLLECTION_ITEMS_MAX = 500;

const nameError = `must be 1 to ${COLLECTION_NAME_MAX} characters`;

/** A collection's name: trimmed, 1 to 80 characters, unique per owner whatever its case. */
const collectionNameSchema = z
  .string({ error: 'must be text' })
  .check(
    z.trim(),
    z.minLength(1, { error: nameError }),
    z.maxLength(COLLECTION_NAME_MAX, { error: nameError }),
  );

/** One result: a whole job (`image` absent or null) or one of its outputs (from 0). */
const collectionItemSchema = z.strictObject({
  job: handleSchema,
  image: z.optional(
    z.nullable(
      z
        .number({ error: 'must be the number of one of the job’s images, from 0, or null' })
        .check(
          z.int({ error: 'must be a whole number' }),
          z.minimum(0, { error: 'must be 0 or more' }),
        ),
    ),
  ),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

const itemsError = `must be a list of 1 to ${COLLECTION_ITEMS_MAX} items ({"job", "image"?})`;
const itemsSchema = z
  .array(collectionItemSchema, { error: itemsError })
  .check(
    z.minLength(1, { error: itemsError }),
    z.maxLength(COLLECTION_ITEMS_MAX, { error: itemsError }),
  );

/** `POST /studio-api/collections`: a new collection, optionally holding items at once. */
export const newCollectionSchema = z.strictObject({
  name: collectionNameSchema,
  items: z.optional(itemsSchema),
});

/** `PATCH /studio-api/collections/:id`: a new name. */
export const renameCollectionSchema = z.strictObject({ name: collectionNameSchema });

/** `POST /studio-api/collections/:id/items` (add) and `…/items/remove`: all or nothing. */
export const collectionItemsSchema = z.strictObject({ items: itemsSchema });

/** What shows for a collection: the newest item still in the history, by job and image. */
const coverSchema = z.object({ job: handleSchema, image: z.number().check(z.int()) });
export type CollectionCover = z.infer<typeof coverSchema>;

const collectionSchema = z.object({
  /** The collection's handle. */
  id: handleSchema,
  name: z.string(),
  /** Who made it (id and name); null when the studio does not know. */
  owner: z.nullable(makerSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its items whose jobs the history still holds, and how many jobs they are of. */
  items: z.number().check(z.int()),
  jobs: z.number().check(z.int()),
  cover: z.nullable(coverSchema),
  /**
   * With `?job=<handle>` on the list: which of that job's results it holds (`null`: the
   * whole job, a number: that image).
   */
  holds: z.optional(z.array(z.nullable(z.number().check(z.int())))),
});
export type Collection = z.infer<typeof collectionSchema>;

/** `GET /studio-api/collections[?job=<handle>]`: every collection, by name. */
export const collectionListSchema = z.object({ collections: z.array(collectionSchema) });

export const collectionEnvelopeSchema = z.object({ collection: collectionSchema });

/** The answer to adding or removing items: the collection after, and how many changed. */
export const collectionItemsAnswerSchema = z.object({
  collection: collectionSchema,
  changed: z.number().check(z.int()),
});

/** `DELETE /studio-api/collections/:id`. */
export const collectionDeletedSchema = z.object({ deleted: handleSchema });

/** How the ZIP's manifest names a collection a file sits in. */
export const manifestCollectionSchema = z.object({ id: handleSchema, name: z.string() });
export type ManifestCollection = z.infer<typeof manifestCollectionSchema>;
