import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const BEARER = /^Bearer +(\S+) *$/i;

/**
 * A check of `Authorization: Bearer <token>` against `token` whose time does not tell a caller
 * how much of a guess was right: both sides are hashed first, so the comparison is always of two
 * equal-length digests, whatever the header holds.
 */
export function bearerTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const sent = BEARER.exec(authorization ?? '')?.[1];
    return sent !== undefined && timingSafeEqual(digest(sent), expected);
  };
}
