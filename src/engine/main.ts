import path from 'node:path';
import { loadEngineConfig } from './config';
import { startEngine } from './server';

/** `npm run engine`: the task service alone, configured by `ENGINE_*` variables. */
async function main(): Promise<void> {
  const config = loadEngineConfig(process.env);
  const engine = await startEngine(config);
  console.log(`engine listening on ${engine.url}/api (data in ${path.resolve(config.dataDir)})`);
  if (engine.apiKey) console.log(`dev account API key: ${engine.apiKey}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second signal means "now": skip the graceful drain.
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`engine: ${signal}, stopping`);
    engine.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('engine: stop failed', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
