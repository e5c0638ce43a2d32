import { useCallback, useState } from 'react';

export type ArtistViewMode = 'list' | 'grid';

// The choice survives reloads under this local-storage key.
const STORAGE_KEY = 'adminArtistViewMode';
const DEFAULT_MODE: ArtistViewMode = 'grid';

function readMode(): ArtistViewMode {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return saved === 'list' || saved === 'grid' ? saved : DEFAULT_MODE;
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the default.
    return DEFAULT_MODE;
  }
}

/** The artist list layout, remembered in local storage. */
export function useArtistViewMode(): [ArtistViewMode, (mode: ArtistViewMode) => void] {
  const [mode, setMode] = useState(readMode);
  const change = useCallback((next: ArtistViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered, but the layout still changes for this visit.
    }
  }, []);
  return [mode, change];
}
