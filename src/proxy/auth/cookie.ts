import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Strict (no other site's
 * page can send it), and behind https Secure with the `__Host-` prefix, which also pins
 * it to this host and path.
 */
export class SessionCookie {
  readonly name: string;

  constructor(private readonly secure: boolean) {
    this.name = secure ? '__Host-studio_session' : 'studio_session';
  }

  read(c: Context): string | undefined {
    return getCookie(c, this.name);
  }

  write(c: Context, token: string, maxAgeS: number): void {
    setCookie(c, this.name, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: this.secure,
      path: '/',
      maxAge: maxAgeS,
    });
  }

  clear(c: Context): void {
    deleteCookie(c, this.name, { path: '/', secure: this.secure });
  }
}
