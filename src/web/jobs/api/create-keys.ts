import { NetworkError, StudioApiError } from '@/web/lib/http';
import { newIdempotencyKey } from '@/web/lib/idempotency';

/** How many requests' keys are kept; the oldest goes first. */
const KEPT = 50;

/**
 * True when a create may or may not have made its task: it got no answer, or a 5xx that
 * may have come after the image service made and charged it. A 4xx is a refusal.
 */
export function outcomeUnknown(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return err instanceof StudioApiError && err.studio.status >= 500;
}

/**
 * The Idempotency-Key belongs to a submit, not to one attempt. When a create's outcome is
 * unknown, its key is kept by the request's fingerprint, and the next submit of the same
 * request sends it again: the server then answers with the job the first attempt made, or
 * makes it if that attempt was refused. An answer (a job, or a refusal) forgets the key,
 * so pressing Generate again after a success is a new job. In memory for the page's life.
 */
export class CreateKeys {
  /** Oldest first: a Map keeps insertion order. */
  private readonly keys = new Map<string, string>();
  private readonly kept: number;

  constructor(kept = KEPT) {
    this.kept = kept;
  }

  /** The key for a new submit of this request: the unsettled one's, else a fresh one. */
  keyFor(fingerprint: string): string {
    return this.keys.get(fingerprint) ?? newIdempotencyKey();
  }

  /** Keeps the key after an unknown outcome (`err` as thrown, null for a success). */
  settled(fingerprint: string, key: string, err: unknown): void {
    if (outcomeUnknown(err)) {
      this.keys.delete(fingerprint);
      this.keys.set(fingerprint, key);
      for (const oldest of this.keys.keys()) {
        if (this.keys.size <= this.kept) break;
        this.keys.delete(oldest);
      }
    } else if (this.keys.get(fingerprint) === key) {
      // Only this key's answer: another submit's unknown outcome is still unknown.
      this.keys.delete(fingerprint);
    }
  }

  /** How many requests have a key kept. */
  get size(): number {
    return this.keys.size;
  }
}
