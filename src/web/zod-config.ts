// zod's settings, made before any schema is: the first page loads no zod (the schemas come
// in chunks of their own), so they are written where zod reads them, its global config
// object (`globalThis.__zod_globalConfig`, shared by every copy of zod), which
// zod-config.test.ts checks zod still reads.
const zodConfig = ((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {});

// The studio's CSP has no 'unsafe-eval'. zod would probe for it (new Function) while the
// contract's schemas are built, and the browser reports that probe as a violation on every
// load. Interpreted parsing is fast enough for the studio.
Object.assign(zodConfig, { jitless: true });

// zod/mini leaves messages to a locale: the servers' messages (full zod loads English by
// itself), so the browser names a field's problem in the same words. No message is shown
// before someone fills a form, so the locale is a chunk fetched as the page starts. Its
// import goes through the bundler's preloading helper, which adds a link for each chunk it
// needs, the answers' schemas among them: that link is what asks for the schemas while the
// first chunk is still being evaluated (vite.config.ts, `modulePreload`).
void import('zod/v4/locales/en.js').then(({ default: en }) => Object.assign(zodConfig, en()));

export {};
