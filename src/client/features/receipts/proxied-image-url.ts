/**
 * Receipt photos from other sites go through our image proxy: the
 * receipt must render even when the artist's host blocks hotlinking or is slow, and the voter's
 * browser never talks to a third party. Our own paths are used as they are.
 */
export function proxiedImageUrl(url: string | null | undefined, origin: string): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  if (!/^https?:\/\//i.test(trimmed)) return trimmed;
  try {
    if (new URL(trimmed).origin === origin) return trimmed;
  } catch {
    return null;
  }
  return `/api/image-proxy?url=${encodeURIComponent(trimmed)}`;
}
