import { config } from 'zod';

// The studio's CSP has no 'unsafe-eval'. zod would probe for it (new Function) while the
// contract's schemas are built, and the browser reports that probe as a violation on every
// load. Interpreted parsing is fast enough for the studio. Imported first by main.tsx, as
// the probe runs when the first object schema is created.
config({ jitless: true });
