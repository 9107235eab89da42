import { NetworkError, ResponseShapeError, StudioApiError } from './http';

export interface ErrorText {
  title: string;
  hint: string | null;
  /** A page where the user can act on it. */
  link?: { href: string; label: string };
  /**
   * The id of the request the studio refused (its `X-Request-Id`), which its log lines
   * carry: what an operator asks for to find out what happened.
   */
  reference?: string;
}

/** The account page (the app's router writes it as `routeHref('account')`). */
export const ACCOUNT_HREF = '#/account';

/** What to tell a person about any error the data layer can throw. */
export function describeError(err: unknown): ErrorText {
  if (err instanceof StudioApiError) {
    const { status, code, message, hint, retryAfterS, requestId } = err.studio;
    const text = {
      title: message,
      hint: hint ?? fallbackHint(status, retryAfterS),
      ...(requestId ? { reference: requestId } : {}),
    };
    // Not enough credits, or past a budget: the account page shows the balance, the
    // budget and where the credits went.
    if (status === 402 || code === 'insufficient_quota' || code === 'budget_exceeded') {
      return { ...text, link: { href: ACCOUNT_HREF, label: 'Open Account' } };
    }
    return text;
  }
  if (err instanceof NetworkError) {
    return {
      title: 'Cannot reach the studio server',
      hint: 'Check that it is running, then try again.',
    };
  }
  if (err instanceof ResponseShapeError) {
    return { title: 'The studio server sent an unexpected response', hint: err.message };
  }
  return { title: err instanceof Error ? err.message : 'Something went wrong', hint: null };
}

// The server usually sends a hint; these cover the statuses where it did not.
function fallbackHint(status: number, retryAfterS: number | null): string | null {
  if (status === 402) return 'Top up credits to keep generating.';
  if (status === 429) {
    return retryAfterS
      ? `Wait ${Math.ceil(retryAfterS)} s and try again.`
      : 'Wait a moment and try again.';
  }
  if (status === 401 || status === 403) return 'Check the API key the studio server uses.';
  if (status >= 500) return 'The service had a problem; try again shortly.';
  return null;
}
