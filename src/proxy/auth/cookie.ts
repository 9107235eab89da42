import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Strict (no other site's
 * page can send it), and behind https Secure with the `__Host-` prefix, which also pins
 * it to this host and path. The same with another name for the OpenID Connect sign-in
 * under way, SameSite=Lax: the provider's redirect back is a navigation from its site.
 */
export class SessionCookie {
  readonly name: string;

  constructor(
    private readonly secure: boolean,
    base = 'studio_session',
    private readonly sameSite: 'Strict' | 'Lax' = 'Strict',
  ) {
    this.name = secure ? `__Host-${base}` : base;
  }

  read(c: Context): string | undefined {
    return getCookie(c, this.name);
  }

  write(c: Context, token: string, maxAgeS: number): void {
    setCookie(c, this.name, token, {
      httpOnly: true,
      sameSite: this.sameSite,
      secure: this.secure,
      path: '/',
      maxAge: maxAgeS,
    });
  }

  clear(c: Context): void {
    deleteCookie(c, this.name, { path: '/', secure: this.secure });
  }
}
