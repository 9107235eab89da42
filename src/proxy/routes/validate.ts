import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { formatIssues } from '@/contract/errors';
import type { Redactor } from '../log';
import { StudioHttpError, invalidRequest, jobNotFound, studioError } from '../studio-error';

/**
 * Hook for @hono/zod-validator: a failed parse becomes a 400 whose message names each
 * field, redacted so that no UUID the browser sent (or the proxy filled) is echoed.
 */
export const rejectInvalid =
  (redact: Redactor) =>
  (result: { success: boolean; error?: unknown }): void => {
    if (result.success) return;
    const message =
      result.error instanceof z.core.$ZodError
        ? formatIssues(result.error)
        : 'The request is invalid.';
    throw invalidRequest(redact(message));
  };

/** A malformed job id is just an unknown one: 404, without repeating it. */
export const rejectUnknownJob = (result: { success: boolean }): void => {
  if (!result.success) throw jobNotFound();
};

/** Request bodies of the studio are small; anything large is a mistake or an attack. */
export const jsonBodyLimit = (maxBytes: number): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new StudioHttpError(
        studioError(413, 'too_large', `The request body is larger than ${maxBytes} bytes.`),
      );
    },
  });

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** A create nests five levels at most (a mask's points); nothing real comes near this. */
const MAX_JSON_DEPTH = 32;

/**
 * How deeply a JSON text nests, by one pass over it: parsing it would not tell, and
 * code that walks a parsed value recursively (JSON.stringify among it) overflows the
 * stack on a value a 256 KB body can nest 100,000 levels deep.
 */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') max = Math.max(max, ++depth);
    else if (ch === ']' || ch === '}') depth--;
  }
  return max;
}

/**
 * A JSON body must say so (any other type would be read as no body at all, and the
 * answer would blame the first field instead) and must parse; both are the client's
 * mistake, so both are a 4xx that says which.
 */
export const requireJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new StudioHttpError(
      studioError(415, 'unsupported_type', 'content-type: must be application/json'),
    );
  }
  let text: string;
  try {
    // Hono keeps the text, so the validator after this reads it without the network.
    text = await c.req.text();
    JSON.parse(text);
  } catch {
    throw invalidRequest('body: is not valid JSON (it may be cut short)');
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw invalidRequest(`body: must not nest deeper than ${MAX_JSON_DEPTH} levels`);
  }
  await next();
};

/**
 * The fields of a form body (multipart or urlencoded; any other type has none). A body
 * that does not parse as the form its type names is a 400 that names `field`.
 */
export async function formFields(c: Context, field: string): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch (err) {
    if (err instanceof StudioHttpError) throw err;
    throw invalidRequest(
      `${field}: the body is not a valid multipart form (it needs the boundary its content-type names, each part's headers, and a closing boundary)`,
    );
  }
}
