/**
 * A create refused before anything was stored or charged. `code` is the HTTP status and
 * the TaskResponse `error.code`; `countsAsError` marks the refusals (bad bodies, bad
 * parents) that count against the account's daily error limit.
 */
export class Rejection extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly countsAsError = false,
  ) {
    super(message);
  }
}

/** A 400 that names the field and what is allowed; it counts as a daily error. */
export const badRequest = (message: string): Rejection => new Rejection(400, message, true);
