export const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A page of the studio's own before any sign-in: no script, so it works under the strict
 * CSP. `extra` goes into the head (already escaped).
 */
export function plainPage(title: string, body: string, extra = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="manifest" href="/manifest.webmanifest">
${extra}<title>${escape(title)} · Studio</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  form, main { display: grid; gap: .75rem; width: min(22rem, 90vw); }
  input, button, .provider { font: inherit; padding: .5rem .75rem; }
  input[readonly] { opacity: .75; }
  .provider { display: block; text-align: center; border: 1px solid currentColor; border-radius: .25rem; color: inherit; }
  .or { margin: 0; text-align: center; opacity: .7; }
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
 * The email may be left empty while the owner is the only one with a password. With
 * OpenID Connect set up, a link signs in at the provider (`provider`: its name) beside it.
 */
export function loginPage(
  next: string,
  message: string | null,
  email = '',
  provider: string | null = null,
): string {
  const oidc =
    provider === null
      ? ''
      : `<p class="or">or</p>
  <a class="provider" href="/login/oidc?next=${encodeURIComponent(next)}">Sign in with ${escape(provider)}</a>`;
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
  ${oidc}
</form>`,
  );
}

/**
 * What the provider's redirect back lands on once signed in: a page that goes on to `next`
 * by itself. Not a redirect: the session cookie is SameSite=Strict, and a browser sends
 * it on no request of a navigation another site began, redirects included; this page's
 * own navigation is of this site.
 */
export function continuePage(next: string): string {
  const to = escape(next);
  return plainPage(
    'Signed in',
    `<p>Signed in. <a href="${to}">Continue to the studio</a>.</p>`,
    `<meta http-equiv="refresh" content="0;url=${to}">\n`,
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
