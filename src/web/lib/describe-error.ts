import { NetworkError, ResponseShapeError, StudioApiError } from './http';

export interface ErrorText {
  title: string;
  hint: string | null;
}

/** What to tell a person about any error the data layer can throw. */
export function describeError(err: unknown): ErrorText {
  if (err instanceof StudioApiError) {
    const { status, message, hint, retryAfterS } = err.studio;
    return { title: message, hint: hint ?? fallbackHint(status, retryAfterS) };
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
