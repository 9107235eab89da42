import path from 'node:path';
import { answerCommandLine } from '@/server/settings';
import { engineHelp, loadEngineConfig } from './config';

/** `npm run engine`: the task service alone, configured by `ENGINE_*` variables. */
async function main(): Promise<void> {
  if (!(await answerCommandLine(process.argv.slice(2), 'npm run engine -- --help', engineHelp)))
    return;
  const config = loadEngineConfig(process.env);
  // Loaded once the settings are good: `--help` and a bad setting start nothing.
  const { engineAddressLines, startEngine } = await import('./server');
  const engine = await startEngine(config);
  console.log(
    [
      `engine listening (data in ${path.resolve(config.dataDir)})`,
      ...engineAddressLines(engine.url).map((line) => `  ${line}`),
    ].join('\n'),
  );
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
