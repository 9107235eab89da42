import net from 'node:net';
import { refusedAddress } from './address-policy';
import { hostOf, parseTarget } from './dial';

const ALLOWED =
  'must be an http:// or https:// URL with no user name or password in it, whose host is not a private, link-local, metadata or documentation address (a host name is resolved and checked when the callback is sent)';

/**
 * What is wrong with a create's `callback`, or null. Checked at create so a client learns
 * at once; an address literal is judged here by the policy every delivery passes, and a
 * name only at delivery time, after DNS (where a refusal reads as a failed delivery).
 */
export function callbackUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = parseTarget(raw);
  } catch (err) {
    return `${ALLOWED}; ${err instanceof Error ? err.message : 'it is not a URL'}`;
  }
  if (url.username || url.password) return `${ALLOWED}; this one has credentials in it`;
  const host = hostOf(url);
  const why = net.isIP(host) ? refusedAddress(host, allowPrivate) : null;
  return why ? `${ALLOWED}; ${host} is ${why}` : null;
}
