import { readFileSync } from 'node:fs';

/**
 * Real responses published by the hosted service (copied from shared/fixtures so the
 * tests run in any clone): a pending and a completed diffusion, a 403 and a balance.
 */
export function fixture(name: string): unknown {
  const url = new URL(`./fixtures/hosted-service/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}
