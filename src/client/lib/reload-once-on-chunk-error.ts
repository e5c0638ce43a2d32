/*
 * After a deploy, a tab opened before it asks for screen chunks whose hashed names no longer
 * exist. One reload fetches the new index and its chunks; a second failure in a row is a real
 * outage (or no network), so it goes to the error boundary instead of looping.
 */
const RELOADED_FOR = 'palmares:reloaded-for-chunk';

function readMarker(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR);
  } catch {
    return null;
  }
}

function writeMarker(value: string | null): boolean {
  try {
    if (value === null) sessionStorage.removeItem(RELOADED_FOR);
    else sessionStorage.setItem(RELOADED_FOR, value);
    return true;
  } catch {
    // Without storage a reload could not tell it had already been tried: let the boundary show.
    return false;
  }
}

/** Wraps a dynamic import so that its failure reloads the page once for the current address. */
export function reloadOnceOnChunkError<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().then(
      (module) => {
        if (readMarker() !== null) writeMarker(null);
        return module;
      },
      (error: unknown) => {
        const here = window.location.pathname + window.location.search;
        if (readMarker() === here || !writeMarker(here)) throw error;
        window.location.reload();
        // The page is going away; never settle, so nothing renders in between.
        return new Promise<T>(() => {});
      },
    );
}
