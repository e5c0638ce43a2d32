/** A full link to a path on this site, for sharing outside the app. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
