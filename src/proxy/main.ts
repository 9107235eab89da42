import { answerCommandLine } from '@/server/settings';
import { loadProxyConfig, proxyHelp } from './config';

/**
 * Runs the proxy alone against an existing upstream (UPSTREAM_URL). The launcher in
 * src/main.ts is the way to run it with the embedded engine.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (!(await answerCommandLine(args, 'npx tsx src/proxy/main.ts --help', proxyHelp))) return;
  if (!process.env.UPSTREAM_URL) {
    console.error(
      'UPSTREAM_URL is required to run the proxy alone (e.g. http://127.0.0.1:8090); use `npm start` for the embedded engine.',
    );
    process.exit(1);
  }
  let config;
  try {
    config = loadProxyConfig(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  // Loaded once the settings are good: `--help` and a bad setting start nothing.
  const { startProxy } = await import('./server');
  const proxy = await startProxy(config);
  console.log(`Studio ready: open ${proxy.url}`);
  const shutdown = () => {
    proxy.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main();
