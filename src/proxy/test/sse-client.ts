import { parseStudioEvent } from '@/contract/events';
import { waitFor } from './harness';

export interface Received {
  id: string | null;
  event: string;
  data: string;
}

/** Matches the `job` event that shows job `id` with `status`. */
export const jobEvent =
  (id: string, status: string) =>
  (m: Received): boolean => {
    const e = parseStudioEvent(m.event, m.data);
    return e?.event === 'job' && e.data.job.id === id && e.data.job.status === status;
  };

/**
 * Matches the `job` event that brings the sizes of job `id`'s images: they follow the
 * completion in one more event once its media is cached.
 */
export const sizedEvent =
  (id: string) =>
  (m: Received): boolean => {
    const e = parseStudioEvent(m.event, m.data);
    const images = e?.event === 'job' && e.data.job.id === id ? e.data.job.output?.images : [];
    return (images?.length ?? 0) > 0 && (images ?? []).every((i) => i.width !== null);
  };

/**
 * A minimal EventSource over fetch, for tests: keeps every message and the raw text (for
 * the leak scan), and notices when the server ends the stream.
 */
export class SseClient {
  readonly messages: Received[] = [];
  raw = '';
  status = 0;
  headers = new Headers();
  /** The server ended the stream cleanly. */
  ended = false;
  private readonly abort = new AbortController();
  private reading: Promise<void> = Promise.resolve();

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const res = await fetch(url, { headers, signal: client.abort.signal });
    client.status = res.status;
    client.headers = res.headers;
    if (res.body) client.reading = client.read(res.body);
    return client;
  }

  async next(match: (m: Received) => boolean, timeoutMs = 8000): Promise<Received> {
    return waitFor(async () => this.messages.find(match), timeoutMs);
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.reading;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        const text = decoder.decode(r.value, { stream: true });
        this.raw += text;
        buffer += text;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          this.parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
      this.ended = true;
    } catch {
      // Aborted by close().
    }
  }

  private parse(block: string): void {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(': ');
      if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
    }
    const event = fields.get('event');
    const data = fields.get('data');
    if (event !== undefined && data !== undefined) {
      this.messages.push({ id: fields.get('id') ?? null, event, data });
    }
  }
}
