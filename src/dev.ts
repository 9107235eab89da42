/**
 * `npm run dev`: the studio server (proxy + embedded engine) plus Vite's dev server with
 * hot reload, which forwards /studio-api and /media to the studio server.
 */
import { createServer } from 'vite';
import { startStudio } from './main';

const studio = await startStudio({ PORT: '8080', ...process.env });
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
console.log(`Studio API at ${studio.url}; open the dev UI:`);
vite.printUrls();
const stop = () => void Promise.all([vite.close(), studio.stop()]).then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
