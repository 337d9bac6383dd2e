import type { CookieOptions } from 'express';

/**
 * The `__session` cookie's attributes: HttpOnly (no script reads it), Secure, SameSite=Lax (not sent with
 * another site's subrequests or forms that post), for every path (the page-shell function reads it on the
 * protected pages' requests). Apart from the routes, so that the page-shell function loads no Express.
 */
export const SESSION_COOKIE_OPTIONS: CookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: '/',
};
