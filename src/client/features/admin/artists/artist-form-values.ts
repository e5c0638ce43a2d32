import type {
  AdminArtistDetail,
  ArtistFormInput,
  NominationFormInput,
} from '#shared/schemas/admin';

/** A nomination as edited: every text is a string, '' meaning "use the artist's own". */
export type NominationValues = { [K in keyof Required<NominationFormInput>]: string };

/** The artist editor's state; the shared artistFormSchema turns it into the request body. */
export type ArtistValues = {
  [K in keyof Required<Omit<ArtistFormInput, 'isFeatured' | 'nominations'>>]: string;
} & {
  isFeatured: boolean;
  nominations: NominationValues[];
};

export const EMPTY_ARTIST: ArtistValues = {
  name: '',
  bio: '',
  bioFr: '',
  photoUrl: '',
  isFeatured: false,
  nominations: [],
};

export function emptyNomination(categoryId: string): NominationValues {
  return {
    categoryId,
    nominationTitle: '',
    nominationTitleFr: '',
    nominationPhotoUrl: '',
    nominationDescription: '',
    nominationDescriptionFr: '',
  };
}

export function valuesFromArtist(artist: AdminArtistDetail): ArtistValues {
  return {
    name: artist.name,
    bio: artist.bio ?? '',
    bioFr: artist.bioFr ?? '',
    photoUrl: artist.photoUrl ?? '',
    isFeatured: artist.isFeatured,
    nominations: artist.nominations.map((nomination) => ({
      categoryId: nomination.categoryId,
      nominationTitle: nomination.nominationTitle ?? '',
      nominationTitleFr: nomination.nominationTitleFr ?? '',
      nominationPhotoUrl: nomination.nominationPhotoUrl ?? '',
      nominationDescription: nomination.nominationDescription ?? '',
      nominationDescriptionFr: nomination.nominationDescriptionFr ?? '',
    })),
  };
}

const NOMINATION_FIELDS = Object.keys(emptyNomination('')) as (keyof NominationValues)[];
const TEXT_FIELDS = ['name', 'bio', 'bioFr', 'photoUrl'] as const;

// Saving trims every text, so spaces alone are not a change worth warning about.
const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * Unsaved changes are name, bio, bioFr, photoUrl, isFeatured and the nominations compared
 * with the values the editor loaded.
 */
export function hasChanges(current: ArtistValues, loaded: ArtistValues): boolean {
  if (current.isFeatured !== loaded.isFeatured) return true;
  if (TEXT_FIELDS.some((field) => !same(current[field], loaded[field]))) return true;
  if (current.nominations.length !== loaded.nominations.length) return true;
  return current.nominations.some((nomination, index) => {
    const before = loaded.nominations[index];
    return !before || NOMINATION_FIELDS.some((field) => !same(nomination[field], before[field]));
  });
}
