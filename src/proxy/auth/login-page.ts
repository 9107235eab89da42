export const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A page of the studio's own before any sign-in: no script, so it works under the strict CSP. */
export function plainPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="manifest" href="/manifest.webmanifest">
<title>${escape(title)} · Studio</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  form, main { display: grid; gap: .75rem; width: min(22rem, 90vw); }
  input, button { font: inherit; padding: .5rem .75rem; }
  input[readonly] { opacity: .75; }
  .error { color: #e5484d; margin: 0; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** A message shown above a form, read out as it appears. */
export const noticeOf = (message: string | null): string =>
  message === null ? '' : `<p class="error" role="alert">${escape(message)}</p>`;

/**
 * The sign-in page: a plain form, no script, so it works under the strict CSP and before
 * the SPA is built. `next` is where to go afterwards (already checked to be a local path).
 * The email may be left empty while the owner is the only one with a password.
 */
export function loginPage(next: string, message: string | null, email = ''): string {
  return plainPage(
    'Sign in',
    `<form method="post" action="/login">
  <h1>Studio</h1>
  ${noticeOf(message)}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${escape(email)}" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <input type="hidden" name="next" value="${escape(next)}">
  <button type="submit">Sign in</button>
</form>`,
  );
}

/** Only a path on this site: never `//host`, `/\\host` or a scheme, which would leave it. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  const control = [...next].some((ch) => ch.charCodeAt(0) < 0x20);
  if (next.startsWith('/login') || control) return '/';
  return next;
}
