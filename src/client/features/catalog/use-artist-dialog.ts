import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { PublicArtist } from '#shared/schemas/catalog';

interface OpenArtist {
  id: string;
  known?: PublicArtist;
}

export interface ArtistDialogState {
  artistId: string | null;
  knownArtist: PublicArtist | undefined;
  open: (artist: PublicArtist) => void;
  close: () => void;
}

const ARTIST_PARAM = 'artist';

/**
 * Which artist profile is open. An `?artist=<id>` link opens it, and the parameter is then removed
 * from the address so a reload or a re-share does not pop the dialog again.
 */
export function useArtistDialog(): ArtistDialogState {
  const search = useSearch();
  const param = new URLSearchParams(search).get(ARTIST_PARAM);
  const [openArtist, setOpenArtist] = useState<OpenArtist | null>(param ? { id: param } : null);
  const [seenParam, setSeenParam] = useState(param);

  // A new parameter while the screen is mounted (e.g. a link within the app) opens that artist.
  if (param !== seenParam) {
    setSeenParam(param);
    if (param) setOpenArtist({ id: param });
  }

  useEffect(() => {
    if (!param) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(ARTIST_PARAM);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  }, [param]);

  return {
    artistId: openArtist?.id ?? null,
    knownArtist: openArtist?.known,
    open: (artist) => setOpenArtist({ id: artist.id, known: artist }),
    close: () => setOpenArtist(null),
  };
}
