import { config } from 'zod/mini';

// The studio's CSP has no 'unsafe-eval'. zod would probe for it (new Function) while the
// contract's schemas are built, and the browser reports that probe as a violation on every
// load. Interpreted parsing is fast enough for the studio. Imported first by main.tsx, as
// the probe runs when the first object schema is created.
config({ jitless: true });
// zod/mini leaves messages to a locale: the servers' messages (full zod loads English by
// itself), so the browser names a field's problem in the same words. No message is shown
// before someone fills a form, so the locale is a chunk fetched as the page starts.
void import('zod/v4/locales/en.js').then(({ default: en }) => config(en()));
