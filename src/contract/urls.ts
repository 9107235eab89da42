/**
 * What an http(s) URL is, written once for the contract's schemas, the prompt's flags, the
 * proxy's and the engine's settings and the browser: `http://` or `https://` (in any case),
 * then no whitespace. Without zod, so the servers' settings (full zod) and the browser's
 * prompt helpers share it as plain functions and patterns.
 */

/** The scheme, `http://` or `https://`; the patterns below are case-insensitive. */
const SCHEME = String.raw`https?:\/\/`;
/** A character of a URL, and of one that may not hold a query or a fragment. */
const CHAR = String.raw`\S`;
const CHAR_NO_QUERY = String.raw`[^\s?#]`;

interface UrlRule {
  /**
   * A host must follow the scheme, before any `/` (`http:///x` is refused): an address a
   * server is reached at. Without it, anything but whitespace may follow.
   */
  host?: boolean;
  /** False: `?` and `#` are refused anywhere (a base that paths are appended to). */
  query?: boolean;
}

/** The whole-string pattern of an http(s) URL, by the rule a place needs. */
export function httpUrlRe({ host = false, query = true }: UrlRule = {}): RegExp {
  const char = query ? CHAR : CHAR_NO_QUERY;
  // The host's characters are the URL's, less the `/` that ends it.
  const hostChar = `[^\\s/${query ? '' : '?#'}]`;
  return new RegExp(host ? `^${SCHEME}${hostChar}+(\\/${char}*)?$` : `^${SCHEME}${char}+$`, 'i');
}

/** An http(s) URL as the service takes one (an image, a callback, a `--sref` value). */
export const HTTP_URL_RE = httpUrlRe();
export const isHttpUrl = (s: string): boolean => HTTP_URL_RE.test(s);

/** An http(s) URL within a text: up to the whitespace after it. */
const IN_TEXT = `${SCHEME}${CHAR}+`;

/** Every http(s) URL in a text, in order. */
export const httpUrlsIn = (text: string): string[] => text.match(new RegExp(IN_TEXT, 'gi')) ?? [];

/** The text with each http(s) URL in it replaced by `by`. */
export const replaceHttpUrls = (text: string, by: string): string =>
  text.replace(new RegExp(IN_TEXT, 'gi'), by);
