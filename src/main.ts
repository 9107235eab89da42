/**
 * The launcher: starts the proxy, and the embedded engine beside it when no UPSTREAM_URL
 * is set. It is the one module that knows both programs.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngineConfig } from '@/engine/config';
import { startEngine, type RunningEngine } from '@/engine/server';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy } from '@/proxy/server';

export interface RunningStudio {
  url: string;
  engineUrl: string | null;
  stop(): Promise<void>;
}

async function startEmbeddedEngine(env: NodeJS.ProcessEnv): Promise<RunningEngine> {
  // The embedded engine takes an ephemeral port unless one is asked for, so a second
  // studio (or a standalone engine on 8090) never collides with it.
  const config = loadEngineConfig({ ENGINE_PORT: '0', ...env });
  return startEngine(config);
}

export async function startStudio(env: NodeJS.ProcessEnv = process.env): Promise<RunningStudio> {
  const engine = env.UPSTREAM_URL ? null : await startEmbeddedEngine(env);
  try {
    const config = engine
      ? loadProxyConfig(env, {
          upstreamUrl: engine.url,
          upstreamApiKey: engine.apiKey ?? '',
          // The engine sends in-flight states when asked: cards move without polling.
          upstreamProgress: 'on',
        })
      : loadProxyConfig(env);
    const proxy = await startProxy(config);
    return {
      url: proxy.url,
      engineUrl: engine?.url ?? null,
      async stop() {
        await proxy.stop();
        await engine?.stop();
      },
    };
  } catch (error) {
    await engine?.stop();
    throw error;
  }
}

async function main(): Promise<void> {
  let studio: RunningStudio;
  try {
    studio = await startStudio();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const upstream = studio.engineUrl ? `embedded engine at ${studio.engineUrl}` : 'UPSTREAM_URL';
  console.log(`Studio ready: open ${studio.url} (upstream: ${upstream})`);
  const shutdown = (signal: string) => {
    console.log(`${signal}: shutting down`);
    void studio.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) void main();
