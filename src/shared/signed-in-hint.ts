/**
 * A cookie that only says "this browser holds a session", set and cleared by the server together
 * with the real (httpOnly) session cookie. The page reads it before asking GET /api/auth/user, so a
 * visitor who never signed in is not sent a question whose answer is a certain 401. It carries no
 * authority: the server never reads it to decide anything.
 */
export const SIGNED_IN_HINT_COOKIE = 'palmares.signed-in';

/** Whether a Cookie header (or document.cookie) holds the hint. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
