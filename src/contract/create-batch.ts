import * as z from 'zod/mini';
import { createJobSchema } from './create-job-schema';
import { BATCH_LIMIT } from './permutations';

const COUNT = `must hold 1 to ${BATCH_LIMIT} creates`;

/**
 * `POST /studio-api/jobs/batch`: 1 to `BATCH_LIMIT` creates, each the body of a single
 * create (`POST /studio-api/jobs`) with the Idempotency-Key it would carry there. The
 * studio takes the whole batch into its queue at once, in this order, or none of it:
 * a bad item (named by its index) or a budget that cannot hold the total refuses it all.
 * A key sent before brings back its job instead of making another.
 */
export const createBatchSchema = z.object({
  creates: z
    .array(
      z.object({
        body: createJobSchema,
        idempotencyKey: z.string({ error: 'must be a string (an Idempotency-Key)' }),
      }),
      { error: `must be a list of creates, each {body, idempotencyKey}` },
    )
    .check(z.minLength(1, { error: COUNT }))
    .check(z.maxLength(BATCH_LIMIT, { error: COUNT })),
});
/** A batch as the proxy has it, defaults applied. */
export type CreateBatch = z.output<typeof createBatchSchema>;
