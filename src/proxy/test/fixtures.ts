import { readFileSync } from 'node:fs';

/**
 * Real responses the hosted service published, kept in the repository so the tests run in
 * any clone (docs/service-interface.md#hosted-service-quirks): a pending and a completed
 * diffusion, a 403 and a balance.
 */
export function fixture(name: string): unknown {
  const url = new URL(`./fixtures/hosted-service/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}
